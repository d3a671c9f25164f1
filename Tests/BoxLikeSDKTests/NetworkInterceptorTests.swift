import BoxLikeSDK
import BoxLikeServer
import Foundation
import HTTPTypes
import Synchronization
import Testing

/// Request interceptors: in order, around every attempt, with auth and retries intact.
@Suite("Interceptors")
struct NetworkInterceptorTests {
    /// Appends its name to `X-Chain` and records every response it observes.
    final class Recording: RequestInterceptor {
        let name: String
        let seen = Mutex<[(attempt: Int, status: Int)]>([])

        init(name: String) {
            self.name = name
        }

        func willSend(_ request: inout InterceptedRequest) async throws {
            let chain = HTTPField.Name("X-Chain")!
            request.headerFields[chain] = (request.headerFields[chain].map { $0 + "," } ?? "") + name
        }

        func didReceive(_ response: InterceptedResponse) async {
            seen.withLock { $0.append((response.attempt, response.status)) }
        }
    }

    /// Records every attempt that got no response.
    final class FailureRecording: RequestInterceptor {
        let failures = Mutex<[InterceptedFailure]>([])

        func didFail(_ failure: InterceptedFailure) async {
            failures.withLock { $0.append(failure) }
        }
    }

    struct Refusing: RequestInterceptor {
        struct Refusal: Error {}
        func willSend(_ request: inout InterceptedRequest) async throws { throw Refusal() }
    }

    /// Sends every request to `origin` instead, with credentials of its own when it has some.
    struct Rerouting: RequestInterceptor {
        let origin: URL
        var authorization: String?
        func willSend(_ request: inout InterceptedRequest) async throws {
            var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
            components?.host = origin.host
            components?.port = origin.port
            if let url = components?.url { request.url = url }
            if let authorization { request.headerFields[.authorization] = authorization }
        }
    }

    private func makeClient(_ server: BoxLikeServer, _ interceptors: [any RequestInterceptor],
                        baseUrls: BaseUrls? = nil) async throws -> (BoxClient, String) {
        var session = server.networkSession()
        session.interceptors = interceptors
        if let baseUrls { session.baseUrls = baseUrls }
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        return (BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session), token)
    }

    @Test func interceptorsRunInOrderAndTheCredentialsStillGoOut() async throws {
        try await withServer { server in
            let (client, token) = try await makeClient(server, [Recording(name: "first"), Recording(name: "second")])
            _ = try await client.users.getUserMe()
            let entry = try #require(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).first)
            #expect(entry.headers["x-chain"] == "first,second")
            #expect(entry.usedToken(token))
        }
    }

    @Test func everyAttemptAndResponseIsSeenAndRetriesStillApply() async throws {
        try await withServer { server in
            let recorder = Recording(name: "r")
            let (client, _) = try await makeClient(server, [recorder])
            _ = await server.faults.inject(.status(503), method: "GET", path: .exact("/2.0/users/me"), count: 1)
            _ = try await client.users.getUserMe()
            let seen = recorder.seen.withLock { $0 }
            #expect(seen.map(\.attempt) == [1, 2])
            #expect(seen.map(\.status) == [503, 200])
            let entries = await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me"))
            #expect(entries.map { $0.headers["x-chain"] } == ["r", "r"])
        }
    }

    @Test func anInterceptorThatThrowsStopsTheCallBeforeAnythingIsSent() async throws {
        try await withServer { server in
            let (client, _) = try await makeClient(server, [Refusing()])
            let error = await #expect(throws: BoxSDKError.self) { try await client.users.getUserMe() }
            #expect(error?.kind == .interceptor)
            #expect(await server.requestLog.all.isEmpty)
        }
    }

    @Test func attemptsThatGetNoResponseAreSeenWithTheErrorAndWhetherTheCallRetries() async throws {
        try await withLoopbackServer { server in
            let recorder = FailureRecording()
            // Nothing listens on the discard port: every attempt's connection is refused.
            let nowhere = BaseUrls.singleOrigin(URL(string: "http://127.0.0.1:9")!)
            var session = server.networkSession(maxAttempts: 3)
            session.interceptors = [recorder]
            session.baseUrls = nowhere
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
            let thrown = await #expect(throws: BoxNetworkError.self) { try await client.users.getUserMe() }
            let failures = recorder.failures.withLock { $0 }
            #expect(failures.map(\.attempt) == [1, 2, 3])
            #expect(failures.map(\.willRetry) == [true, true, false])
            #expect(failures.allSatisfy { $0.error.kind == .connectionFailed && $0.operationId == "getUserMe" })
            #expect(failures.last?.error.attempts == thrown?.attempts)
            #expect(failures.allSatisfy { !$0.url.contains(token) })
        }
    }

    @Test func anInterceptorSendingTheRequestToAnotherHostSendsItWithoutTheTokenOrSessionHeaders() async throws {
        try await withLoopbackServer { server in
            // The same server under another name is another host to the client.
            let elsewhere = try #require(URL(string: server.origin.replacingOccurrences(of: "127.0.0.1", with: "localhost")))
            let (client, token) = try await makeClient(server, [Rerouting(origin: elsewhere)])

            await #expect(throws: BoxAPIError.self) {
                try await client.withExtraHeaders(["X-Tenant": "tenant-7"]).users.getUserMe()
            }

            let entry = try #require(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).first)
            #expect(!entry.usedToken(token))
            #expect(entry.tokenId == nil)
            #expect(entry.headers["x-tenant"] == nil)
            #expect(entry.status == 401)
        }
    }

    /// Records the operations it sees.
    final class Watching: RequestInterceptor {
        let interceptsTokenRequests: Bool
        let operations = Mutex<[String]>([])

        init(interceptsTokenRequests: Bool) {
            self.interceptsTokenRequests = interceptsTokenRequests
        }

        func willSend(_ request: inout InterceptedRequest) async throws {
            operations.withLock { $0.append(request.operationId) }
        }
    }

    @Test(arguments: [false, true])
    func tokenRequestsAreSeenOnlyByInterceptorsThatAskForThem(asks: Bool) async throws {
        try await withServer { server in
            let watching = Watching(interceptsTokenRequests: asks)
            var session = server.networkSession()
            session.interceptors = [watching]
            let app = server.seed.ccgClient
            let auth = BoxCCGAuth(config: CCGConfig(clientId: app.id, clientSecret: app.secret ?? "",
                                                    enterpriseId: server.seed.enterpriseId),
                                  networkSession: session)
            let client = BoxClient(auth: auth, networkSession: session)

            _ = try await client.users.getUserMe()

            #expect(watching.operations.withLock { $0 } == (asks ? ["requestAccessToken", "getUserMe"] : ["getUserMe"]))
            #expect(await server.requestLog.entries(method: "POST", path: .exact("/oauth2/token")).count == 1)
        }
    }

    @Test func anInterceptorMaySendTheRequestElsewhereWithCredentialsOfItsOwn() async throws {
        try await withServer { server in
            // The configured base URL points at a port nothing listens on; the interceptor
            // sends each call to the server with a token of its own (a gateway's, say): the
            // session's token stays behind, the interceptor's goes.
            let nowhere = BaseUrls.singleOrigin(URL(string: "http://127.0.0.1:9")!)
            let own = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let rerouting = Rerouting(origin: URL(string: server.origin)!, authorization: "Bearer \(own)")
            let (client, sessionToken) = try await makeClient(server, [rerouting], baseUrls: nowhere)

            let me = try await client.users.getUserMe()

            #expect(me.id == server.seed.adminUser.id)
            let entry = try #require(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).first)
            #expect(entry.usedToken(own))
            #expect(!entry.usedToken(sessionToken))
        }
    }
}

/// `User-Agent`, `Box-Notifications` and other headers every call carries.
@Suite("Standard headers")
struct NetworkHeaderTests {
    @Test func everyRequestNamesTheSDKVersionInItsUserAgent() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            _ = try await client.users.getUserMe()
            let entry = try #require(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).first)
            #expect(entry.headers["user-agent"] == "BoxLikeSDK/\(BoxLikeSDKVersion.current) (Swift)")
        }
    }

    @Test func aUserAgentOfTheCallersOwnWins() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            _ = try await client.withExtraHeaders(["User-Agent": "my-app/1.0"]).users.getUserMe()
            let entry = try #require(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).first)
            #expect(entry.headers["user-agent"] == "my-app/1.0")
        }
    }

    @Test func suppressedNotificationsAreAskedForWithTheBoxHeader() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            _ = try await client.withSuppressedNotifications().users.getUserMe()
            _ = try await client.users.getUserMe()
            let entries = await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me"))
            #expect(entries.map { $0.headers["box-notifications"] } == ["off", nil])
        }
    }
}
