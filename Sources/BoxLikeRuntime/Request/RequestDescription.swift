import Foundation
import HTTPTypes

/// Everything the runtime needs to send one API call, as generated code describes it.
///
/// Generated manager methods fill one of these in and hand it to a ``RequestExecutor``;
/// authentication, retries, errors, logging and streaming are the executor's business.
///
/// ```swift
/// var request = RequestDescription(operationId: "getFolderById", method: .get,
///                                  server: "api", pathTemplate: "/folders/{folder_id}")
/// request.pathParameters["folder_id"] = folderId
/// request.query.add("fields", fields)
/// let folder = try await executor.execute(request).decode(FolderFull.self)
/// ```
package struct RequestDescription: Sendable {
    /// The operation's identifier in the specification; used for logs, metrics and spans.
    package var operationId: String
    /// The HTTP method.
    package var method: HTTPRequest.Method
    /// Which configured base URL the path is relative to.
    package var server: ServerID
    /// The path below the base URL with `{name}` placeholders, e.g. `/folders/{folder_id}`.
    package var pathTemplate: String
    /// A whole URL a previous answer named (a realtime long-poll server), sent as a `GET`
    /// instead of ``server`` and ``pathTemplate``; its query is sent as it is.
    package var absoluteURL: URL?
    /// Values for the placeholders in ``pathTemplate``; each is percent-encoded as one path
    /// segment, so an identifier can never change the path's shape.
    package var pathParameters: [String: String]
    /// The query items.
    package var query: QueryParameters
    /// Request headers set by the operation (`If-Match`, `Range`...) and per-call extras.
    package var headers: HTTPFields
    /// The body, if any.
    package var body: RequestBody?
    /// What a successful response carries.
    package var responseKind: ResponseKind
    /// Whether the request carries the caller's credentials (`false` for the OAuth token
    /// endpoints, which authenticate with client credentials in the body).
    package var requiresAuthentication: Bool
    /// Whether the request goes to the OAuth token endpoints (the specification's `oauth2`
    /// server), whose bodies carry client secrets, refresh tokens and assertions.
    package var isTokenRequest: Bool {
        absoluteURL == nil && server.rawValue == "oauth2"
    }
    /// Whether the specification declares the operation safe to repeat whatever its method
    /// (`x-idempotent`), so that a failure after sending may be retried.
    package var isDeclaredIdempotent: Bool

    /// Describes a request.
    package init(
        operationId: String,
        method: HTTPRequest.Method,
        server: ServerID,
        pathTemplate: String,
        pathParameters: [String: String] = [:],
        query: QueryParameters = QueryParameters(),
        headers: HTTPFields = HTTPFields(),
        body: RequestBody? = nil,
        responseKind: ResponseKind = .json,
        requiresAuthentication: Bool = true,
        isDeclaredIdempotent: Bool = false
    ) {
        self.operationId = operationId
        self.method = method
        self.server = server
        self.pathTemplate = pathTemplate
        self.pathParameters = pathParameters
        self.query = query
        self.headers = headers
        self.body = body
        self.responseKind = responseKind
        self.requiresAuthentication = requiresAuthentication
        self.isDeclaredIdempotent = isDeclaredIdempotent
    }

    /// Sets a header unless `value` is `nil`. Names that are not valid header names are
    /// ignored rather than trapping, since they may come from user input.
    package mutating func setHeader(_ name: String, _ value: String?) {
        guard let value, let field = HTTPField.Name(name) else { return }
        headers[field] = value
    }

    /// Sets a header parameter in OpenAPI's `simple` style unless `value` is `nil`: an array
    /// as `blue,black`, an object as `R,100,G,200` (`R=100,G=200` when `explode` is `true`).
    ///
    /// - Throws: What the value's `encode(to:)` throws.
    package mutating func setHeader<Value: Encodable>(_ name: String, _ value: Value?, explode: Bool) throws {
        guard let value else { return }
        setHeader(name, ParameterSerializer.simpleValue(try ParameterValueEncoder.encode(value), explode: explode))
    }

    /// Sets a header parameter described by `content: application/json` unless `value` is
    /// `nil`: the value's compact JSON text.
    ///
    /// - Throws: What the value's `encode(to:)` throws.
    package mutating func setJSONHeader<Value: Encodable>(_ name: String, _ value: Value?) throws {
        guard let value else { return }
        setHeader(name, try ParameterSerializer.jsonText(value))
    }

    /// Adds a cookie parameter to the `Cookie` header unless `value` is `nil`, in `form`
    /// style (`name=a,b`, or `name=a; name=b` exploded; objects `R=100; G=200` exploded),
    /// pairs separated by `; ` as RFC 6265 requires.
    ///
    /// - Throws: What the value's `encode(to:)` throws.
    package mutating func addCookie<Value: Encodable>(_ name: String, _ value: Value?, style: ParameterStyle = .form,
                                                      explode: Bool) throws {
        guard let value else { return }
        let node = try ParameterValueEncoder.encode(value)
        appendCookiePairs(ParameterSerializer.cookiePairs(name: name, value: node, style: style, explode: explode))
    }

    /// Adds a cookie parameter described by `content: application/json` unless `value` is
    /// `nil`: `name=` and the value's JSON text, percent-encoded.
    ///
    /// - Throws: What the value's `encode(to:)` throws.
    package mutating func addJSONCookie<Value: Encodable>(_ name: String, _ value: Value?) throws {
        guard let value else { return }
        let json = try ParameterSerializer.jsonText(value)
        appendCookiePairs([.init(name: PercentEncoding.escapeUnreserved(name), value: PercentEncoding.escapeUnreserved(json))])
    }

    private mutating func appendCookiePairs(_ pairs: [ParameterSerializer.Pair]) {
        if pairs.isEmpty { return }
        let added = pairs.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
        if let existing = headers[.cookie], !existing.isEmpty {
            headers[.cookie] = existing + "; " + added
        } else {
            headers[.cookie] = added
        }
    }

    /// Sets every header in `extra` that has a value; a `nil` value removes the header.
    package mutating func setHeaders(_ extra: [String: String?]) {
        if extra.isEmpty { return }
        // Sorted, so that the same headers always go out in the same order.
        for (name, value) in extra.sorted(by: { $0.key < $1.key }) {
            guard let field = HTTPField.Name(name) else { continue }
            headers[field] = value
        }
    }

    /// The path with every placeholder replaced by its percent-encoded value.
    ///
    /// - Throws: ``RequestDescriptionError/missingPathParameter(_:)`` when a placeholder
    ///   has no value.
    package func resolvedPath() throws -> String {
        // Most paths have no placeholder (`/users/me`) or few; skip the scan when there are none.
        if !pathTemplate.utf8.contains(UInt8(ascii: "{")) { return pathTemplate }
        var result = ""
        result.reserveCapacity(pathTemplate.utf8.count + 16)
        var remainder = Substring(pathTemplate)
        while let open = remainder.firstIndex(of: "{") {
            result += remainder[..<open]
            guard let close = remainder[open...].firstIndex(of: "}") else {
                result += remainder[open...]
                return result
            }
            let name = String(remainder[remainder.index(after: open)..<close])
            guard let value = pathParameters[name] else {
                throw RequestDescriptionError.missingPathParameter(name)
            }
            result += Self.escapePathSegment(value)
            remainder = remainder[remainder.index(after: close)...]
        }
        result += remainder
        return result
    }

    /// Percent-encodes one path segment: `/`, `?`, `#`, `%` and everything outside RFC 3986
    /// unreserved characters are escaped, and `.`/`..` cannot climb out of the path.
    package static func escapePathSegment(_ value: String) -> String {
        if value == "." { return "%2E" }
        if value == ".." { return "%2E%2E" }
        return PercentEncoding.escapeUnreserved(value)
    }
}

/// A request description that cannot be turned into an HTTP request.
enum RequestDescriptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path template names a placeholder that has no value.
    case missingPathParameter(String)

    /// A sentence naming the problem.
    var description: String {
        switch self {
        case .missingPathParameter(let name):
            "The path parameter '\(name)' has no value."
        }
    }
}
