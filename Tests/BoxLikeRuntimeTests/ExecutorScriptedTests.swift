import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import Synchronization
import Testing
@testable import BoxLikeRuntime

/// The executor carrying out the attempt decisions over a transport that answers from a
/// script, with a clock that records waits instead of sleeping.
@Suite("Executor over a scripted transport")
struct ExecutorScriptedTests {
    /// One scripted answer: a response, or a transport error.
    enum Step: Sendable {
        case respond(Int, [HTTPField.Name: String] = [:], body: String = "")
        case fail(String)
    }

    struct ScriptedFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Answers each request with the next step and remembers what it was sent.
    final class ScriptedTransport: ClientTransport, Sendable {
        private let state: Mutex<(steps: [Step], seen: [(HTTPRequest, URL)])>

        init(_ steps: [Step]) {
            state = Mutex((steps, []))
        }

        var requests: [(request: HTTPRequest, baseURL: URL)] { state.withLock { $0.seen } }

        func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL,
                  operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
            if let body { _ = try await [UInt8](collecting: body, upTo: 1 << 20) }
            let step = state.withLock { state -> Step? in
                state.seen.append((request, baseURL))
                return state.steps.isEmpty ? nil : state.steps.removeFirst()
            }
            switch step {
            case .respond(let status, let headers, let body)?:
                var response = HTTPResponse(status: .init(code: status))
                for (name, value) in headers { response.headerFields[name] = value }
                return (response, HTTPBody(body))
            case .fail(let reason)?:
                throw ScriptedFailure(description: reason)
            case nil:
                throw ScriptedFailure(description: "the script has no more steps")
            }
        }
    }

    /// Hands out tokens and counts renewals.
    final class ScriptedAuthorizer: RequestAuthorizer {
        let renewals = Mutex<[String]>([])
        let renewal: CredentialRenewal

        init(renewal: CredentialRenewal) { self.renewal = renewal }

        func accessToken() async throws -> String { "T1" }

        func renewal(afterRejecting rejectedToken: String) async throws -> CredentialRenewal {
            renewals.withLock { $0.append(rejectedToken) }
            return renewal
        }
    }

    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// The waits the executor asked its clock for.
    final class Waits: Sendable {
        private let recorded = Mutex<[Duration]>([])
        func record(_ duration: Duration) { recorded.withLock { $0.append(duration) } }
        var all: [Duration] { recorded.withLock { $0 } }
    }

    /// An executor over `transport` whose waits are recorded in `waits`.
    static func executor(_ transport: ScriptedTransport, waits: Waits = Waits(),
                         authorizer: (any RequestAuthorizer)? = nil, maxAttempts: Int = 3) -> HTTPExecutor {
        let clock = ExecutorClock(now: { now }, sleep: { waits.record($0) })
        var configuration = ExecutorConfiguration(
            transport: transport, timeouts: NetworkTimeouts(), tls: nil, proxy: .none,
            baseURLs: ["api": URL(string: "https://api.example/2.0")!], additionalHeaders: HTTPFields(),
            retryPolicy: RetryPolicy(maxAttempts: maxAttempts, baseDelay: .milliseconds(100), jitter: false),
            maxResponseBodySize: 1 << 20, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            metricsFactory: nil, tracer: nil, interceptors: [])
        configuration.clock = clock
        return HTTPExecutor(configuration: configuration, authorizer: authorizer)
    }

    static func request(_ method: HTTPRequest.Method = .get, body: RequestBody? = nil) -> RequestDescription {
        RequestDescription(operationId: "op", method: method, server: "api", pathTemplate: "/things/{id}",
                           pathParameters: ["id": "7"], body: body)
    }

    @Test func retriesWaitAsThePolicySaysAndThenSucceed() async throws {
        let transport = ScriptedTransport([.respond(503), .respond(429, [.retryAfter: "4"]), .respond(200, body: "{}")])
        let waits = Waits()
        let response = try await Self.executor(transport, waits: waits).execute(Self.request())
        #expect(response.status.code == 200)
        #expect(transport.requests.count == 3)
        #expect(waits.all == [.milliseconds(100), .seconds(4)])
    }

    @Test func theLastErrorIsThrownWhenAttemptsRunOut() async throws {
        let transport = ScriptedTransport([.respond(500), .respond(500), .respond(502, body: #"{"code":"bad_gateway"}"#)])
        let waits = Waits()
        let error = await #expect(throws: BoxAPIError.self) {
            try await Self.executor(transport, waits: waits).execute(Self.request())
        }
        #expect(error?.status == 502)
        #expect(error?.code == "bad_gateway")
        #expect(waits.all == [.milliseconds(100), .milliseconds(200)])
    }

    @Test func a401IsReplayedWithTheRenewedTokenAddedAsBearer() async throws {
        let transport = ScriptedTransport([.respond(401), .respond(200, body: "{}")])
        let authorizer = ScriptedAuthorizer(renewal: .renewed("T2"))
        _ = try await Self.executor(transport, authorizer: authorizer).execute(Self.request())
        #expect(transport.requests.map { $0.request.headerFields[.authorization] } == ["Bearer T1", "Bearer T2"])
        #expect(authorizer.renewals.withLock { $0 } == ["T1"])
    }

    @Test func a401WithoutARenewalIsTheCallersError() async throws {
        let transport = ScriptedTransport([.respond(401)])
        let authorizer = ScriptedAuthorizer(renewal: .unavailable)
        let error = await #expect(throws: BoxAPIError.self) {
            try await Self.executor(transport, authorizer: authorizer).execute(Self.request())
        }
        #expect(error?.status == 401)
        #expect(transport.requests.count == 1)
    }

    @Test func aPostIsNotRepeatedAfterALostConnection() async throws {
        let transport = ScriptedTransport([.fail("connection reset by peer")])
        let error = await #expect(throws: BoxNetworkError.self) {
            try await Self.executor(transport).execute(Self.request(.post, body: .json(["a": 1])))
        }
        #expect(error?.kind == .connectionLost)
        #expect(error?.attempts == 1)
    }

    @Test func aProxyAuthenticationChallengeIsAProxyErrorAfterOneAttempt() async throws {
        let transport = ScriptedTransport([.respond(407, [.proxyAuthenticate: "Basic realm=\"proxy\""]),
                                           .respond(200, body: "{}")])
        let error = await #expect(throws: BoxNetworkError.self) {
            try await Self.executor(transport).execute(Self.request())
        }
        #expect(error?.kind == .proxy)
        #expect(error?.proxyFailure == .authenticationRequired)
        #expect(error?.attempts == 1)
        #expect(transport.requests.count == 1)
    }

    @Test func aRefusedConnectionIsRetriedForAPost() async throws {
        let transport = ScriptedTransport([.fail("connection refused"), .respond(201, body: "{}")])
        let waits = Waits()
        let response = try await Self.executor(transport, waits: waits)
            .execute(Self.request(.post, body: .json(["a": 1])))
        #expect(response.status.code == 201)
        #expect(waits.all == [.milliseconds(100)])
    }

    @Test func aDownloadRedirectGoesWithoutCredentialsOrExtraHeadersButKeepsTheRange() async throws {
        let transport = ScriptedTransport([
            .respond(302, [.location: "https://dl.example/blob?sig=abc"]), .respond(200, body: "bytes"),
        ])
        var request = Self.request()
        request.setHeader("Range", "bytes=0-4")
        let authorizer = ScriptedAuthorizer(renewal: .unavailable)
        let stream = try await Self.executor(transport, authorizer: authorizer).stream(request)
        #expect(try await stream.collect(upTo: 100) == Array("bytes".utf8))
        let redirected = try #require(transport.requests.last)
        #expect(redirected.baseURL.absoluteString == "https://dl.example")
        #expect(redirected.request.path == "/blob?sig=abc")
        #expect(redirected.request.method == .get)
        #expect(redirected.request.headerFields[.authorization] == nil)
        #expect(redirected.request.headerFields[.range] == "bytes=0-4")
    }

    @Test func aRedirectToAnotherSchemeIsRefused() async throws {
        let transport = ScriptedTransport([.respond(302, [.location: "file:///etc/passwd"])])
        let error = await #expect(throws: BoxSDKError.self) {
            try await Self.executor(transport).stream(Self.request())
        }
        #expect(error?.kind == .invalidResponse)
    }

    @Test func aRedirectFromHttpsToHttpIsRefusedWithoutSendingIt() async throws {
        let transport = ScriptedTransport([.respond(302, [.location: "http://dl.example/blob?sig=abc"]), .respond(200, body: "bytes")])

        let error = await #expect(throws: BoxSDKError.self) {
            try await Self.executor(transport).stream(Self.request())
        }

        #expect(error?.kind == .insecureRedirect)
        #expect(transport.requests.count == 1)
    }

    @Test func aRedirectedDownloadKeepsTheAPIsResponseHeadersApartFromTheLocations() async throws {
        let sha1 = try #require(HTTPField.Name("X-BoxLike-SHA1"))
        let transport = ScriptedTransport([
            .respond(302, [.location: "https://dl.example/blob", sha1: "from-the-api"]),
            .respond(200, [sha1: "from-the-location"], body: "bytes"),
        ])

        let stream = try await Self.executor(transport).stream(Self.request())

        #expect(stream.apiResponseHeaders[sha1] == "from-the-api")
        #expect(stream.responseHeaders[sha1] == "from-the-location")
    }

    @Test func notReadyAnswersAreWaitedForAtTheServersPace() async throws {
        let transport = ScriptedTransport([.respond(202, [.retryAfter: "2"]), .respond(200, body: "{}")])
        let waits = Waits()
        _ = try await Self.executor(transport, waits: waits, maxAttempts: 1).execute(Self.request())
        #expect(waits.all == [.seconds(2)])
    }
}
