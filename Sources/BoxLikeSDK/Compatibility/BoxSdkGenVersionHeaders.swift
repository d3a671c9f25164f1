import BoxLikeRuntime

/// The `box-version` header value of API 2025.0 operations, under the name Box's Swift SDK gives it.
///
/// The operations that need the header always send it; pass it only when code written for Box's
/// SDK does (`GetHubByIdV2025R0Headers(boxVersion: ._20250)`).
public enum BoxVersionHeaderV2025R0: String, Sendable, Hashable, Codable, CaseIterable {
    /// `2025.0`.
    case _20250 = "2025.0"
}

/// The `box-version` header value of API 2026.0 operations, under the name Box's Swift SDK gives it.
///
/// The operations that need the header always send it; pass it only when code written for Box's
/// SDK does (`GetAutomateWorkflowsV2026R0Headers(boxVersion: ._20260)`).
public enum BoxVersionHeaderV2026R0: String, Sendable, Hashable, Codable, CaseIterable {
    /// `2026.0`.
    case _20260 = "2026.0"
}

extension OperationHeaders {
    /// Headers of an API 2025.0 operation that name the version, as Box's Swift SDK writes them
    /// (`CreateHubV2025R0Headers(boxVersion: ._20250, extraHeaders: [...])`): the version is sent as
    /// `box-version` unless `extraHeaders` names that header itself.
    public init(boxVersion: BoxVersionHeaderV2025R0, extraHeaders: [String: String?] = [:]) {
        self.init(extraHeaders: Self.naming(boxVersion.rawValue, in: extraHeaders))
    }

    /// Headers of an API 2026.0 operation that name the version, as Box's Swift SDK writes them
    /// (`CreateNoteConvertV2026R0Headers(boxVersion: ._20260)`): the version is sent as
    /// `box-version` unless `extraHeaders` names that header itself.
    public init(boxVersion: BoxVersionHeaderV2026R0, extraHeaders: [String: String?] = [:]) {
        self.init(extraHeaders: Self.naming(boxVersion.rawValue, in: extraHeaders))
    }

    private static func naming(_ version: String, in headers: [String: String?]) -> [String: String?] {
        guard !headers.keys.contains(where: { $0.lowercased() == "box-version" }) else { return headers }
        var headers = headers
        headers["box-version"] = version
        return headers
    }
}
