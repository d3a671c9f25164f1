import HTTPTypes

/// One operation of the spec as the local Box serves it. The values come from
/// `Generated/ServerOperations.swift`, which `swift run codegen` writes from
/// `specs/boxlike.yaml`, so an operation's scopes and whether a restricted token may call it
/// are stated once, in the spec (`x-box-scopes`, `x-box-restricted-tokens`).
struct ServerOperation: Sendable, Hashable {
    /// The spec's `operationId`.
    let id: String
    /// The SDK manager property it belongs to (`files`).
    let manager: String
    let method: HTTPRequest.Method
    /// The spec's server id: `api`, `upload`, `oauth2` or `authorize`.
    let server: String
    /// The path template relative to the server's base (`/files/{file_id}`), without Box's
    /// `#fragment`.
    let path: String
    /// The scopes a token must carry one of; empty: any token; `nil`: the spec states none, so
    /// no token may call it.
    let requiredScopes: Set<String>?
    /// Whether a token restricted to one item (downscoped, or exchanged for a shared link)
    /// may call it.
    let allowsRestrictedTokens: Bool
    /// The `box-version` the operation is served under, when it needs one.
    let boxVersion: String?

    /// The path's segments: a literal, or a pattern with `{placeholders}`. Split once, since
    /// every server start maps its routes onto them and every request reads them.
    let segments: [Substring]
    /// How many segments are plain literals: the more, the more specific the template.
    let literalSegmentCount: Int

    init(id: String, manager: String, method: HTTPRequest.Method, server: String, path: String,
         requiredScopes: Set<String>?, allowsRestrictedTokens: Bool, boxVersion: String?) {
        self.id = id
        self.manager = manager
        self.method = method
        self.server = server
        self.path = path
        self.requiredScopes = requiredScopes
        self.allowsRestrictedTokens = allowsRestrictedTokens
        self.boxVersion = boxVersion
        segments = path.split(separator: "/", omittingEmptySubsequences: true)
        literalSegmentCount = segments.filter { !$0.contains(Character("{")) }.count
    }

    /// The path parameters of a request to this operation, by the spec's names (`file_id`),
    /// read from the request path's segments after `basePath`; a parameter inside a segment
    /// (`thumbnail.{extension}`) is what lies between the segment's literal parts.
    func pathValues(inRequestPath requestPath: String, basePath: String) -> [String: String] {
        let relative = requestPath.hasPrefix(basePath) ? requestPath.dropFirst(basePath.count) : requestPath[...]
        let requestSegments = relative.split(separator: "/", omittingEmptySubsequences: true)
        var values: [String: String] = [:]
        for (template, value) in zip(segments, requestSegments) {
            guard let open = template.firstIndex(of: "{"), let close = template[open...].firstIndex(of: "}") else { continue }
            let head = template[..<open]
            let tail = template[template.index(after: close)...]
            guard value.count >= head.count + tail.count, value.hasPrefix(head), value.hasSuffix(tail) else { continue }
            let name = String(template[template.index(after: open)..<close])
            values[name] = String(value.dropFirst(head.count).dropLast(tail.count))
        }
        return values
    }

    /// Whether `path` (request path segments relative to the base) fits the template.
    func matches(requestSegments: [Substring]) -> Bool {
        let template = segments
        guard template.count == requestSegments.count else { return false }
        return zip(template, requestSegments).allSatisfy { Self.segment($0.0, matches: $0.1) }
    }

    /// A template segment against a concrete one: literals are equal; a segment with
    /// placeholders (`thumbnail.{extension}`) matches when its literal parts are there in
    /// order, each placeholder standing for at least one character.
    static func segment(_ template: Substring, matches value: Substring) -> Bool {
        // A character search: the string overload goes through Foundation, which every server
        // start paid for each of its routes against each operation.
        guard template.contains(Character("{")) else { return template == value }
        var literals: [Substring] = []
        var rest = template
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            literals.append(rest[..<open])
            rest = rest[rest.index(after: close)...]
        }
        literals.append(rest)
        guard let head = literals.first, let tail = literals.last, value.hasPrefix(head) else { return false }
        var remaining = value.dropFirst(head.count)
        for literal in literals.dropFirst().dropLast() {
            // A placeholder takes at least one character before the next literal.
            guard !remaining.isEmpty, let found = remaining.dropFirst().range(of: literal) else { return false }
            remaining = remaining[found.upperBound...]
        }
        return remaining.count > tail.count && remaining.hasSuffix(tail)
    }
}
