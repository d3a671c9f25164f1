import Testing
import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import OpenAPIRuntime
@testable import BoxLikeServer

/// A response as tests see it.
struct HTTPResult: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]

    var json: JSONValue? { try? JSONValue.parse(body) }
    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? { headers.first(name: name) }
}

/// Real HTTP over loopback with AsyncHTTPClient; redirects are not followed so tests see them.
enum TestHTTP {
    static let client = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: .init(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(15), read: .seconds(30))))

    static func send(
        _ method: HTTPMethod, _ url: String, headers: [(String, String)] = [], body: [UInt8]? = nil,
        client: HTTPClient = TestHTTP.client
    ) async throws -> HTTPResult {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(request, timeout: .seconds(30))
        var collected = try await response.body.collect(upTo: 200 * 1024 * 1024)
        let bytes = collected.readBytes(length: collected.readableBytes) ?? []
        return HTTPResult(status: Int(response.status.code), headers: response.headers, body: bytes)
    }

    static func form(_ pairs: [(String, String)]) -> [UInt8] {
        Array(FormData.encode(pairs).utf8)
    }
}

/// Runs `body` with a fresh server started in process: ``BoxLikeServer/send(_:_:headers:body:)``,
/// ``BoxLikeServer/api(_:_:token:json:headers:base:rawBody:sourceLocation:)`` and
/// ``BoxLikeServer/token(_:headers:sourceLocation:)`` reach it through its in-process
/// transport. `loopback` starts one on a socket instead, for tests whose subject needs it.
func withTestServer<T>(
    _ configuration: BoxLikeServerConfiguration = BoxLikeServerConfiguration(), loopback: Bool = false,
    _ body: (BoxLikeServer) async throws -> T
) async throws -> T {
    if loopback || ProcessInfo.processInfo.environment["BOXLIKE_TEST_SERVER"] == "loopback" {
        return try await BoxLikeServer.withRunning(configuration, body)
    }
    return try await BoxLikeServer.withRunningInProcess(configuration, body)
}

extension BoxLikeServer {
    /// Sends a request to `url`, a URL on this server: through the in-process transport for a
    /// server started in process, over loopback HTTP (``TestHTTP``) otherwise. Redirects are
    /// not followed.
    func send(_ method: HTTPMethod, _ url: String, headers: [(String, String)] = [], body: [UInt8]? = nil) async throws -> HTTPResult {
        guard !listensOnSocket else { return try await TestHTTP.send(method, url, headers: headers, body: body) }
        guard var base = URLComponents(string: url) else { throw TestFailure("not a URL: \(url)") }
        let path = base.percentEncodedPath + (base.percentEncodedQuery.map { "?" + $0 } ?? "")
        base.percentEncodedPath = ""
        base.percentEncodedQuery = nil
        base.fragment = nil
        guard let baseURL = base.url, let requestMethod = HTTPRequest.Method(method.rawValue) else {
            throw TestFailure("cannot send \(method.rawValue) \(url)")
        }
        var request = HTTPRequest(method: requestMethod, scheme: nil, authority: nil, path: path.isEmpty ? "/" : path)
        for (name, value) in headers {
            guard let fieldName = HTTPField.Name(name) else { throw TestFailure("not a header name: \(name)") }
            request.headerFields.append(HTTPField(name: fieldName, value: value))
        }
        let (response, responseBody) = try await inProcessTransport.send(
            request, body: body.map { HTTPBody($0) }, baseURL: baseURL, operationID: "test")
        var collected: [UInt8] = []
        if let responseBody { collected = try await [UInt8](collecting: responseBody, upTo: 200 * 1024 * 1024) }
        var responseHeaders = HTTPHeaders()
        for field in response.headerFields { responseHeaders.add(name: field.name.rawName, value: field.value) }
        return HTTPResult(status: response.status.code, headers: responseHeaders, body: collected)
    }

    /// Calls the API (`/2.0` + path) with a bearer token, checking the response against the spec.
    func api(
        _ method: HTTPMethod, _ path: String, token: String?, json: JSONValue? = nil, headers: [(String, String)] = [],
        base: String? = nil, rawBody: [UInt8]? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> HTTPResult {
        var allHeaders = headers
        if let token { allHeaders.append(("Authorization", "Bearer \(token)")) }
        var body: [UInt8]? = rawBody
        if let json {
            body = json.serialized()
            allHeaders.append(("Content-Type", "application/json"))
        }
        let url = (base ?? apiBaseURL) + path
        let result = try await send(method, url, headers: allHeaders, body: body)
        let problems = SpecConformance.problems(method: method.rawValue, url: url, result: result)
        #expect(problems.isEmpty, "\(method.rawValue) \(path) → \(result.status) does not conform: \(problems)", sourceLocation: sourceLocation)
        return result
    }

    /// Posts a form to `/oauth2/token`.
    /// Successful and `400` answers are checked against the spec (a `401 invalid_client`
    /// carries an RFC 6749 body the spec does not list for that status).
    func token(_ pairs: [(String, String)], headers: [(String, String)] = [], sourceLocation: SourceLocation = #_sourceLocation) async throws -> HTTPResult {
        let result = try await send(
            .POST, tokenURL, headers: [("Content-Type", "application/x-www-form-urlencoded")] + headers, body: TestHTTP.form(pairs))
        if result.status == 200 || result.status == 400 {
            let problems = SpecConformance.problems(method: "POST", url: tokenURL, result: result)
            #expect(problems.isEmpty, "token response does not conform: \(problems)", sourceLocation: sourceLocation)
        }
        return result
    }

    /// A CCG token for a user (or the enterprise when `userId` is nil).
    func ccgToken(userId: String?) async throws -> String {
        var pairs = [
            ("grant_type", "client_credentials"), ("client_id", seed.ccgClient.id), ("client_secret", seed.ccgClient.secret ?? ""),
        ]
        if let userId {
            pairs += [("box_subject_type", "user"), ("box_subject_id", userId)]
        } else {
            pairs += [("box_subject_type", "enterprise"), ("box_subject_id", seed.enterpriseId)]
        }
        let result = try await token(pairs)
        guard let value = result.json?["access_token"]?.stringValue else { throw TestFailure("no token: \(result.text)") }
        return value
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}


