import BoxLikeNetworkTestSupport
import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Connect, read-idle and total limits, each reported by name.
@Suite("Timeouts")
struct NetworkTimeoutTests {
    private func makeClient(_ server: BoxLikeServer, timeouts: NetworkTimeouts) async throws -> BoxClient {
        var session = server.networkSession(maxAttempts: 1)
        session.timeouts = timeouts
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        return BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
    }

    /// A loopback listener whose accept queue is full and never drained, so the kernel drops
    /// every further SYN and a new connection attempt hangs until the client gives up. Closed
    /// by `body`'s end.
    private func withUnansweringPort(_ body: (Int) async throws -> Void) async throws {
        let (listener, port) = try LoopbackSocket.bound()
        defer { close(listener) }
        try #require(listen(listener, 0) == 0)
        var address = LoopbackSocket.loopbackAddress(port: port)
        // Fill the accept queue (a backlog of 0 holds one connection) without blocking.
        var fillers: [Int32] = []
        defer { fillers.forEach { close($0) } }
        for _ in 0..<3 {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            try #require(filler >= 0)
            _ = fcntl(filler, F_SETFL, fcntl(filler, F_GETFL) | O_NONBLOCK)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            fillers.append(filler)
        }
        try await body(port)
    }

    @Test func aServerThatNeverAcceptsTripsTheConnectTimeout() async throws {
        try await withLoopbackServer { server in
            try await withUnansweringPort { port in
                var session = server.networkSession(maxAttempts: 1)
                session.baseUrls = .singleOrigin(URL(string: "http://127.0.0.1:\(port)")!)
                session.timeouts = NetworkTimeouts(connect: .milliseconds(300), readIdle: .seconds(30), total: .seconds(30))
                let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "unused-token"), networkSession: session)
                let error = await #expect(throws: BoxNetworkError.self) { try await client.users.getUserMe() }
                #expect(error?.kind == .timeout)
                // The error names the limit that fired: the connect limit, not the total one.
                #expect(error?.timeout == .connect)
            }
        }
    }

    @Test func aSilentServerTripsTheReadIdleTimeout() async throws {
        try await withLoopbackServer { server in
            let client = try await makeClient(server, timeouts: NetworkTimeouts(readIdle: .milliseconds(200), total: .seconds(30)))
            _ = await server.faults.inject(.delay(.seconds(1)), method: "GET", path: .exact("/2.0/users/me"), count: 1)
            let error = await #expect(throws: BoxNetworkError.self) { try await client.users.getUserMe() }
            #expect(error?.kind == .timeout)
            #expect(error?.timeout == .readIdle)
            #expect(error.map { String(describing: $0).contains("readIdle") } == true)
        }
    }

    @Test func aSlowAnswerTripsTheTotalTimeout() async throws {
        try await withLoopbackServer { server in
            let client = try await makeClient(server, timeouts: NetworkTimeouts(readIdle: .seconds(30), total: .milliseconds(300)))
            _ = await server.faults.inject(.delay(.seconds(1)), method: "GET", path: .exact("/2.0/users/me"), count: 1)
            let error = await #expect(throws: BoxNetworkError.self) { try await client.users.getUserMe() }
            #expect(error?.kind == .timeout)
            #expect(error?.timeout == .total)
        }
    }

    @Test func oneCallMayHaveItsOwnLimits() async throws {
        try await withLoopbackServer { server in
            let client = try await makeClient(server, timeouts: NetworkTimeouts())
            _ = await server.faults.inject(.delay(.seconds(3)), method: "GET", path: .exact("/2.0/users/me"), count: 1)
            // With the session's limits (300 s) the call would succeed after the 3 s delay.
            let error = await #expect(throws: BoxNetworkError.self) {
                try await client.withTimeouts(NetworkTimeouts(total: .milliseconds(300))).users.getUserMe()
            }
            #expect(error?.timeout == .total)
            // The client itself keeps its limits.
            #expect(client.networkSession.timeouts == NetworkTimeouts())
            _ = try await client.users.getUserMe()
        }
    }

    @Test func timeoutsAreRetriedForIdempotentCalls() async throws {
        try await withLoopbackServer { server in
            var session = server.networkSession(maxAttempts: 3)
            // Long enough for a normal answer on a machine loaded by the whole suite running in
            // parallel (1.5 s was not, once), short of the injected delay.
            session.timeouts = NetworkTimeouts(readIdle: .seconds(30), total: .seconds(4))
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
            _ = await server.faults.inject(.delay(.seconds(8)), method: "GET", path: .exact("/2.0/users/me"), count: 1)
            let me = try await client.users.getUserMe()
            #expect(me.id == server.seed.adminUser.id)
            // Two attempts on an idle machine; a loaded one may time out once more.
            #expect(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).count >= 2)
        }
    }
}
