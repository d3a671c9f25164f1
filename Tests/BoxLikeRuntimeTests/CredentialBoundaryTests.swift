import Foundation
import HTTPTypes
import Logging
import Synchronization
import Testing
@testable import BoxLikeRuntime

/// Credentials and session headers stay with the API's hosts: interceptors that move a
/// request, URLs a server names, token requests and what an interceptor may print.
@Suite("Credential boundaries")
struct CredentialBoundaryTests {
    typealias ScriptedTransport = ExecutorScriptedTests.ScriptedTransport

    static let sessionHeader = HTTPField.Name("As-User")!

    /// Hands out `T1`.
    struct FixedAuthorizer: RequestAuthorizer {
        func accessToken() async throws -> String { "T1" }
        func renewal(afterRejecting rejectedToken: String) async throws -> CredentialRenewal { .unavailable }
    }

    /// Sends every attempt to `url`'s origin, keeping the path, and may set headers of its own.
    struct Moving: RequestInterceptor {
        let origin: String
        var setHeaders: [HTTPField.Name: String] = [:]

        func willSend(_ request: inout InterceptedRequest) async throws {
            for (name, value) in setHeaders { request.headerFields[name] = value }
            let path = request.url.absoluteString.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }
            if let url = URL(string: origin + path) { request.url = url }
        }
    }

    /// Records the operations it sees.
    final class Watching: RequestInterceptor {
        let interceptsTokenRequests: Bool
        let seen = Mutex<[String]>([])

        init(interceptsTokenRequests: Bool) {
            self.interceptsTokenRequests = interceptsTokenRequests
        }

        func willSend(_ request: inout InterceptedRequest) async throws {
            seen.withLock { $0.append("send " + request.operationId) }
        }

        func didReceive(_ response: InterceptedResponse) async {
            seen.withLock { $0.append("receive " + response.operationId) }
        }
    }

    static func executor(_ transport: ScriptedTransport, interceptors: [any RequestInterceptor] = [],
                         api: String = "https://api.example/2.0") -> HTTPExecutor {
        var headers = HTTPFields()
        headers[sessionHeader] = "42"
        var configuration = ExecutorConfiguration(
            transport: transport, timeouts: NetworkTimeouts(), tls: nil, proxy: .none,
            baseURLs: ["api": URL(string: api)!, "oauth2": URL(string: "https://api.example")!],
            additionalHeaders: headers, retryPolicy: RetryPolicy(maxAttempts: 1, jitter: false),
            maxResponseBodySize: 1 << 20, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            metricsFactory: nil, tracer: nil, interceptors: interceptors)
        configuration.clock = ExecutorClock(now: { Date() }, sleep: { _ in })
        return HTTPExecutor(configuration: configuration, authorizer: FixedAuthorizer())
    }

    static let request = RequestDescription(operationId: "getUserMe", method: .get, server: "api", pathTemplate: "/users/me")

    // MARK: - Interceptors moving a request

    @Test func anAttemptMovedToAnotherHostCarriesNeitherTheTokenNorTheSessionHeaders() async throws {
        let transport = ScriptedTransport([.respond(200, body: "{}")])
        _ = try await Self.executor(transport, interceptors: [Moving(origin: "https://elsewhere.example")]).execute(Self.request)

        let sent = try #require(transport.requests.first)
        #expect(sent.baseURL.host == "elsewhere.example")
        #expect(sent.request.headerFields[.authorization] == nil)
        #expect(sent.request.headerFields[Self.sessionHeader] == nil)
    }

    @Test func anAttemptMovedToAnotherPortCountsAsAnotherHost() async throws {
        let transport = ScriptedTransport([.respond(200, body: "{}")])
        _ = try await Self.executor(transport, interceptors: [Moving(origin: "https://api.example:8443")]).execute(Self.request)
        #expect(transport.requests.first?.request.headerFields[.authorization] == nil)
    }

    @Test func anAttemptMovedWithinTheSameOriginKeepsItsCredentials() async throws {
        let transport = ScriptedTransport([.respond(200, body: "{}")])
        _ = try await Self.executor(transport, interceptors: [Moving(origin: "https://API.example:443")]).execute(Self.request)

        let sent = try #require(transport.requests.first)
        #expect(sent.request.headerFields[.authorization] == "Bearer T1")
        #expect(sent.request.headerFields[Self.sessionHeader] == "42")
    }

    @Test func credentialsAnInterceptorSetsItselfGoWhereItSendsThem() async throws {
        let transport = ScriptedTransport([.respond(200, body: "{}")])
        let moving = Moving(origin: "https://gateway.example", setHeaders: [.authorization: "Bearer gateway-key"])
        _ = try await Self.executor(transport, interceptors: [moving]).execute(Self.request)
        #expect(transport.requests.first?.request.headerFields[.authorization] == "Bearer gateway-key")
    }

    @Test func anAttemptMovedFromHttpsToHttpIsRefusedAndNothingIsSent() async throws {
        let transport = ScriptedTransport([.respond(200, body: "{}")])
        let error = await #expect(throws: BoxSDKError.self) {
            try await Self.executor(transport, interceptors: [Moving(origin: "http://api.example")]).execute(Self.request)
        }
        #expect(error?.kind == .interceptor)
        #expect(transport.requests.isEmpty)
    }

    // MARK: - Token requests

    static let tokenRequest = RequestDescription(operationId: "requestAccessToken", method: .post, server: "oauth2",
                                                 pathTemplate: "/oauth2/token", requiresAuthentication: false)

    @Test func interceptorsDoNotSeeTokenRequestsUnlessTheyAsk() async throws {
        let transport = ScriptedTransport([.respond(200, body: "{}"), .respond(200, body: "{}")])
        let watching = Watching(interceptsTokenRequests: false)
        let executor = Self.executor(transport, interceptors: [watching])

        _ = try await executor.execute(Self.tokenRequest)
        _ = try await executor.execute(Self.request)

        #expect(watching.seen.withLock { $0 } == ["send getUserMe", "receive getUserMe"])
        #expect(transport.requests.count == 2)
    }

    @Test func anInterceptorThatAsksSeesTokenRequests() async throws {
        let transport = ScriptedTransport([.respond(200, body: "{}")])
        let watching = Watching(interceptsTokenRequests: true)

        _ = try await Self.executor(transport, interceptors: [watching]).execute(Self.tokenRequest)

        #expect(watching.seen.withLock { $0 } == ["send requestAccessToken", "receive requestAccessToken"])
    }

    // MARK: - What an interceptor may print

    @Test func anInterceptedRequestPrintsAndDumpsWithoutItsSecrets() throws {
        var headers = HTTPFields()
        headers[.authorization] = "Bearer secret-token-1"
        headers[.cookie] = "session=secret-cookie-2"
        headers[Self.sessionHeader] = "42"
        let url = try #require(URL(string: "https://realtime.example/subscribe?channel=secret-channel-3&stream_type=all"))
        let request = InterceptedRequest(operationId: "op", method: .get, attempt: 1, url: url, headerFields: headers)

        var dumped = ""
        dump(request, to: &dumped)
        for text in [request.description, request.debugDescription, "\(request)", String(reflecting: request), dumped] {
            #expect(!text.contains("secret-"), "\(text)")
            #expect(text.contains("as-user: 42"))
            #expect(text.contains("stream_type=all"))
        }
    }

    // MARK: - URLs a server names

    static func absolute(_ url: String) -> RequestDescription {
        var request = RequestDescription(operationId: "realtimeLongPoll", method: .get, server: "api", pathTemplate: "/",
                                         requiresAuthentication: false)
        request.absoluteURL = URL(string: url)
        return request
    }

    @Test func aURLOnAnotherHostGetsNoSessionHeaders() async throws {
        let transport = ScriptedTransport([.respond(200, body: "{}")])
        _ = try await Self.executor(transport).execute(Self.absolute("https://2.realtime.example/subscribe?channel=c"))

        let sent = try #require(transport.requests.first)
        #expect(sent.request.headerFields[Self.sessionHeader] == nil)
        #expect(sent.request.headerFields[.authorization] == nil)
    }

    @Test func aURLOnTheAPIsHostKeepsTheSessionHeaders() async throws {
        let transport = ScriptedTransport([.respond(200, body: "{}")])
        _ = try await Self.executor(transport).execute(Self.absolute("https://api.example/realtime?channel=c"))
        #expect(transport.requests.first?.request.headerFields[Self.sessionHeader] == "42")
    }

    @Test func anHttpURLNamedForAnHttpsAPIIsRefusedAndNothingIsSent() async throws {
        let transport = ScriptedTransport([.respond(200, body: "{}")])
        let error = await #expect(throws: BoxSDKError.self) {
            try await Self.executor(transport).execute(Self.absolute("http://2.realtime.example/subscribe?channel=c"))
        }
        #expect(error?.kind == .invalidResponse)
        #expect(transport.requests.isEmpty)
    }

    @Test func anHttpURLNamedForAnHttpAPIIsSent() async throws {
        let transport = ScriptedTransport([.respond(200, body: "{}")])
        _ = try await Self.executor(transport, api: "http://127.0.0.1:8080/2.0")
            .execute(Self.absolute("http://localhost:8080/realtime?channel=c"))
        #expect(transport.requests.count == 1)
    }
}
