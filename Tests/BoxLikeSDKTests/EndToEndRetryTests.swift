import AsyncHTTPClient
import BoxLikeSDK
import BoxLikeServer
import Foundation
import Synchronization
import Testing

@Suite("Retries, backoff and cancellation against the server")
struct EndToEndRetryTests {
    @Test(arguments: [429, 500, 502, 503, 504])
    func aGetIsRetriedAfterEachRetryableStatus(status: Int) async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            _ = await server.faults.inject(.status(status), method: "GET", path: .exact("/2.0/users/me"), count: 1)
            let me = try await client.users.getUserMe()
            #expect(me.id == server.seed.adminUser.id)
            #expect(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).count == 2)
        }
    }

    @Test func aClientErrorIsNotRetried() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.folders.getFolderById(folderId: "999999999")
            }
            #expect(error?.status == 404)
            #expect(await server.requestLog.entries(method: "GET", path: .exact("/2.0/folders/999999999")).count == 1)
        }
    }

    @Test func aGetSucceedsAfterTwoServerErrors() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            _ = await server.faults.inject(.status(503), method: "GET", path: .exact("/2.0/users/me"), count: 2)
            let me = try await client.users.getUserMe()
            #expect(me.id == server.seed.adminUser.id)
            #expect(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).count == 3)
            #expect(await server.faults.firings.count == 2)
        }
    }

    @Test func retriesStopAtMaxAttemptsWithTheLastError() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient(maxAttempts: 3)
            _ = await server.faults.inject(.status(502), method: "GET", path: .exact("/2.0/users/me"), count: 10)
            let error = await #expect(throws: BoxAPIError.self) { try await client.users.getUserMe() }
            #expect(error?.status == 502)
            #expect(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).count == 3)
        }
    }

    @Test func aPostIsNotReplayedAfterA500() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            _ = await server.faults.inject(.status(500), method: "POST", path: .exact("/2.0/folders"), count: 1)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
                    name: "once", parent: CreateFolderRequestBodyParentField(id: "0")))
            }
            #expect(error?.status == 500)
            #expect(await server.requestLog.entries(method: "POST", path: .exact("/2.0/folders")).count == 1)
        }
    }

    @Test func aPostIsReplayedAfterA429BecauseItWasNotProcessed() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            _ = await server.faults.inject(.status(429, retryAfter: .seconds(0)), method: "POST",
                                           path: .exact("/2.0/folders"), count: 1)
            let folder = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
                name: "after-429", parent: CreateFolderRequestBodyParentField(id: "0")))
            #expect(folder.name == "after-429")
            #expect(await server.requestLog.entries(method: "POST", path: .exact("/2.0/folders")).count == 2)
        }
    }

    @Test func retryAfterAsAnHTTPDateIsHonoured() async throws {
        try await withServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            // The pipeline's clock stands still at a whole second and records each wait instead
            // of sleeping, so the delay the date asks for is exact and nothing waits.
            let frozen = Date(timeIntervalSince1970: (Date().timeIntervalSince1970).rounded(.down))
            let waits = Mutex<[Duration]>([])
            var session = server.networkSession().with(clock: ExecutorClock(now: { frozen }, sleep: { delay in
                waits.withLock { $0.append(delay) }
            }))
            session.retryPolicy.maxRetryAfter = .seconds(120)
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
            _ = await server.faults.inject(.status(429, retryAfter: .date(frozen.addingTimeInterval(90))), method: "GET",
                                           path: .exact("/2.0/users/me"), count: 1)

            #expect(try await client.users.getUserMe().id == server.seed.adminUser.id)

            #expect(waits.withLock { $0 } == [.seconds(90)])
            #expect(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).map(\.status) == [429, 200])
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func cancellationDuringBackoffStopsAtOnce() async throws {
        try await withServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            // The pipeline's clock tells the test when the call starts waiting between attempts.
            let (backoffStarted, announce) = AsyncStream<Duration>.makeStream()
            var session = server.networkSession().with(clock: ExecutorClock(now: { Date() }, sleep: { delay in
                announce.yield(delay)
                try await Task.sleep(for: delay)
            }))
            session.retryPolicy.maxRetryAfter = .seconds(7200)
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
            _ = await server.faults.inject(.status(503, retryAfter: .seconds(3600)), method: "GET",
                                           path: .exact("/2.0/users/me"), count: 5)
            let task = Task { try await client.users.getUserMe() }
            var waits = backoffStarted.makeAsyncIterator()
            #expect(await waits.next() == .seconds(3600), "the server's Retry-After is honoured")
            task.cancel()
            // The server asked for an hour: a wait the cancellation did not cut would run into
            // the test's one-minute limit, so no wall-clock bound is needed.
            let result = await task.result
            #expect(throws: CancellationError.self) { try result.get() }
            #expect(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).count == 1)
        }
    }

    @Test func aResetConnectionIsRetriedForAGet() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            _ = await server.faults.inject(.resetConnection, method: "GET", path: .exact("/2.0/users/me"), count: 1)
            let me = try await client.users.getUserMe()
            #expect(me.id == server.seed.adminUser.id)
        }
    }

    @Test func aRefusedConnectionIsANetworkError() async throws {
        // A short connect timeout: AsyncHTTPClient keeps retrying a refused connection
        // until its connect timeout.
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.timeout.connect = .milliseconds(300)
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        defer { _ = httpClient.shutdown() }
        let session = NetworkSession(
            transport: DefaultTransport.asyncHTTPClient(client: httpClient),
            baseUrls: .singleOrigin(URL(string: "http://127.0.0.1:1")!),
            retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(5)))
        let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "unused"), networkSession: session)
        let error = await #expect(throws: BoxNetworkError.self) { try await client.users.getUserMe() }
        #expect(error?.kind == .connectionFailed)
        #expect(error?.attempts == 2)
        let description = String(describing: error)
        #expect(description.contains("unused") == false)
    }

    @Test func notReadyYetResponsesAreWaitedFor() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let fileId = server.seed.adminUser.fileId
            await server.setDownloadNotReady(fileId: fileId, times: 2)
            let bytes = try await client.downloads.downloadFile(fileId: fileId).collect(upTo: 1 << 20)
            #expect(String(decoding: bytes, as: UTF8.self) == server.seed.adminUser.fileContent)
        }
    }
}
