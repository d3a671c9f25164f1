/// The headers of an operation that has no header parameters of its own: only headers the
/// caller adds. Generated code names it per operation (`GetUserMeHeaders`).
///
/// ```swift
/// let me = try await client.users.getUserMe(headers: GetUserMeHeaders(extraHeaders: ["X-Trace": "1"]))
/// ```
public struct OperationHeaders: Sendable {
    /// More headers to send, by name; a `nil` value removes a header the SDK would send.
    public var extraHeaders: [String: String?]

    /// Creates the headers.
    public init(extraHeaders: [String: String?] = [:]) {
        self.extraHeaders = extraHeaders
    }
}

/// The query of an operation whose only query parameter is `fields`. Generated code names it
/// per operation (`GetFileByIdQueryParams`).
///
/// ```swift
/// let file = try await client.files.getFileById(fileId: "12", queryParams: GetFileByIdQueryParams(fields: ["name"]))
/// ```
public struct FieldsQueryParams: Sendable {
    /// Which fields the response should include, in addition to the standard ones; fields
    /// not listed are left out of the response when given.
    public var fields: [String]?

    /// Creates the query.
    public init(fields: [String]? = nil) {
        self.fields = fields
    }
}
