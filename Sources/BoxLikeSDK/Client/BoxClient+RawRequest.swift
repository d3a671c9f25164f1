import Foundation
import HTTPTypes

/// Which of the API's servers a raw call goes to (``BoxClient/makeRequest(method:path:server:query:headers:body:response:)``):
/// one of the servers the specification names, whose base URL the session's ``BaseUrls``
/// gives.
public struct BoxServer: Sendable, Hashable, CustomStringConvertible {
    /// The server as generated code names it.
    let serverID: ServerID

    /// The API: ``BaseUrls/baseUrl`` (in ``BaseUrls/production``, the specification's `api` server).
    public static let api = BoxServer(serverID: .api)
    /// The upload server: ``BaseUrls/uploadUrl`` (in ``BaseUrls/production``, the
    /// specification's `upload` server).
    public static let upload = BoxServer(serverID: .upload)
    /// The OAuth 2.0 server: ``BaseUrls/oauth2Url`` (in ``BaseUrls/production``, the
    /// specification's `oauth2` server).
    public static let oauth2 = BoxServer(serverID: .oauth2)
    /// The base of the browser authorize page: ``BaseUrls/authorizeUrl`` without its last
    /// segment (`https://account.boxlike.example/api/oauth2` in ``BaseUrls/production``).
    public static let authorize = BoxServer(serverID: .authorize)

    /// The server's name in the specification (`api`, `upload`, `oauth2`, `authorize`).
    public var description: String { serverID.rawValue }
}

/// The body of a raw call.
public enum RawRequestBody: Sendable {
    /// A JSON value, sent as `application/json`.
    case json(JSONValue)
    /// Bytes with their content type.
    case bytes([UInt8], contentType: String)
    /// Bytes from a source (a file, a sequence), streamed, with their content type.
    case stream(ByteSource, contentType: String)
}

/// What a raw call expects back.
public enum RawResponseKind: Sendable, Hashable {
    /// A JSON body (or none), read whole (up to the session's `maxResponseBodySize`).
    case json
    /// Any body, handed over as it arrives.
    case stream
}

/// The answer to a raw call.
public struct RawResponse: Sendable {
    /// The body of a raw response.
    public enum Body: Sendable {
        /// The JSON the server sent.
        case json(JSONValue)
        /// The body as it arrives (``RawResponseKind/stream``).
        case stream(ByteStream)
        /// No body.
        case empty
    }

    /// The HTTP status (2xx; other statuses are thrown as `BoxAPIError`).
    public let status: Int
    /// The response headers.
    public let headers: HTTPFields
    /// The body.
    public let body: Body

    /// The JSON body, if the response has one.
    public var json: JSONValue? {
        if case .json(let value) = body { return value }
        return nil
    }
}

extension BoxClient {
    /// Calls an endpoint the generated managers do not cover: the escape hatch.
    ///
    /// The call goes through the same pipeline as generated ones: the client's
    /// authentication (a refreshed token on `401`), retries, typed errors (`BoxAPIError`
    /// for error statuses, `BoxNetworkError`, `BoxSDKError`), interceptors, logging,
    /// metrics and tracing (as operation `makeRequest`). Only `GET`, `HEAD`, `OPTIONS`,
    /// `DELETE` and `PUT`/`PATCH` with `If-Match` are retried after a failure that may have
    /// reached the server.
    ///
    /// ```swift
    /// let response = try await client.makeRequest(method: .get, path: "/folders/0/items",
    ///                                             query: ["limit": "10"])
    /// let entries = response.json?["entries"]?.arrayValue ?? []
    /// ```
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The path below the server's base URL, starting with `/`, already
    ///     percent-encoded where needed; `.` and `..` segments, `?`, `#`, spaces and control
    ///     characters are refused.
    ///   - server: Which base URL the path is relative to.
    ///   - query: Query parameters, percent-encoded by the SDK.
    ///   - headers: Extra headers; names must be valid tokens and values may not contain
    ///     CR, LF or NUL.
    ///   - body: The request body, if any.
    ///   - response: Whether to read a JSON body or hand the body over as a stream.
    /// - Throws: `BoxSDKError` (`.invalidArgument`) for a path or header that cannot be
    ///   sent (nothing is sent), and what any call throws.
    public func makeRequest(
        method: HTTPRequest.Method = .get,
        path: String,
        server: BoxServer = .api,
        query: [String: String] = [:],
        headers: [String: String] = [:],
        body: RawRequestBody? = nil,
        response: RawResponseKind = .json
    ) async throws -> RawResponse {
        try RawRequestValidation.checkPath(path)
        var request = RequestDescription(operationId: "makeRequest", method: method, server: server.serverID,
                                         pathTemplate: path)
        for (name, value) in query.sorted(by: { $0.key < $1.key }) {
            request.query.add(name, value)
        }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            let field = try RawRequestValidation.checkHeader(name: name, value: value)
            request.headers[field] = value
        }
        switch body {
        case .none: break
        case .json(let value): request.body = .json(value)
        case .bytes(let bytes, let contentType): request.body = .binary(.bytes(bytes), contentType: contentType)
        case .stream(let source, let contentType): request.body = .binary(source, contentType: contentType)
        }
        return try await send(request, response: response)
    }

    /// Sends a described raw call and reads its answer as `response` says.
    func send(_ described: RequestDescription, response: RawResponseKind) async throws -> RawResponse {
        var request = described
        request.responseKind = response == .json ? .json : .binary
        let answer = try await managers.users.executor.execute(request)
        switch response {
        case .stream:
            return RawResponse(status: answer.status.code, headers: answer.headerFields,
                               body: .stream(try answer.byteStream()))
        case .json:
            if answer.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                return RawResponse(status: answer.status.code, headers: answer.headerFields, body: .empty)
            }
            let value: JSONValue
            do {
                value = try JSONCoding.decode(JSONValue.self, from: answer.bytes)
            } catch {
                throw BoxSDKError(.invalidResponse, "The makeRequest response is not JSON.")
            }
            return RawResponse(status: answer.status.code, headers: answer.headerFields, body: .json(value))
        }
    }
}

/// The checks a raw call's path and headers pass before anything is sent.
enum RawRequestValidation {
    /// Characters a path may hold as they are (RFC 3986 `pchar` and `/`), `%` starting an escape.
    private static let pathCharacters = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/%".utf8)

    static func checkPath(_ path: String) throws {
        guard path.hasPrefix("/") else {
            throw BoxSDKError(.invalidArgument, "A raw call's path must start with '/'.")
        }
        let bytes = Array(path.utf8)
        for (index, byte) in bytes.enumerated() {
            guard pathCharacters.contains(byte) else {
                throw BoxSDKError(.invalidArgument,
                                  "A raw call's path may not contain '?', '#', spaces, control or non-ASCII characters; pass query parameters in `query` and percent-encode the rest.")
            }
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
                    throw BoxSDKError(.invalidArgument, "A raw call's path has a '%' that starts no escape.")
                }
            }
        }
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            let decoded = (String(segment).removingPercentEncoding ?? String(segment))
            if decoded == "." || decoded == ".." || decoded.contains("/") || decoded.contains("\\") {
                throw BoxSDKError(.invalidArgument, "A raw call's path may not contain '.' or '..' segments or escaped slashes.")
            }
        }
    }

    static func checkHeader(name: String, value: String) throws -> HTTPField.Name {
        guard let field = HTTPField.Name(name) else {
            throw BoxSDKError(.invalidArgument, "'\(name.prefix(64))' is not a valid header name.")
        }
        if value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) {
            throw BoxSDKError(.invalidArgument, "The value of the header '\(field.canonicalName)' contains CR, LF or NUL.")
        }
        return field
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
