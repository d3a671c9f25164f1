import Testing
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
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

extension BoxLikeServer {
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
        let result = try await TestHTTP.send(method, url, headers: allHeaders, body: body)
        let problems = SpecConformance.problems(method: method.rawValue, url: url, result: result)
        #expect(problems.isEmpty, "\(method.rawValue) \(path) → \(result.status) does not conform: \(problems)", sourceLocation: sourceLocation)
        return result
    }

    /// Posts a form to `/oauth2/token`.
    /// Successful and `400` answers are checked against the spec (a `401 invalid_client`
    /// carries an RFC 6749 body the spec does not list for that status).
    func token(_ pairs: [(String, String)], headers: [(String, String)] = [], sourceLocation: SourceLocation = #_sourceLocation) async throws -> HTTPResult {
        let result = try await TestHTTP.send(
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


