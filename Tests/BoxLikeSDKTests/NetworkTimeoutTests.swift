import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Connect, read-idle and total limits, each reported by name.
@Suite("Timeouts")
struct NetworkTimeoutTests {
    private func makeClient(_ server: BoxLikeServer, timeouts: NetworkTimeouts) async throws -> BoxClient {
        var session = server.networkSession(maxAttempts: 1)
        session.timeouts = timeouts
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        return BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
    }

    @Test func aSilentServerTripsTheReadIdleTimeout() async throws {
        try await withServer { server in
            let client = try await makeClient(server, timeouts: NetworkTimeouts(readIdle: .milliseconds(200), total: .seconds(30)))
            _ = await server.faults.inject(.delay(.seconds(1)), method: "GET", path: .exact("/2.0/users/me"), count: 1)
            let error = await #expect(throws: BoxNetworkError.self) { try await client.users.getUserMe() }
            #expect(error?.kind == .timeout)
            #expect(error?.timeout == .readIdle)
            #expect(error.map { String(describing: $0).contains("readIdle") } == true)
        }
    }

    @Test func aSlowAnswerTripsTheTotalTimeout() async throws {
        try await withServer { server in
            let client = try await makeClient(server, timeouts: NetworkTimeouts(readIdle: .seconds(30), total: .milliseconds(300)))
            _ = await server.faults.inject(.delay(.seconds(1)), method: "GET", path: .exact("/2.0/users/me"), count: 1)
            let error = await #expect(throws: BoxNetworkError.self) { try await client.users.getUserMe() }
            #expect(error?.kind == .timeout)
            #expect(error?.timeout == .total)
        }
    }

    @Test func oneCallMayHaveItsOwnLimits() async throws {
        try await withServer { server in
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
        try await withServer { server in
            var session = server.networkSession(maxAttempts: 3)
            // Long enough for a normal answer on a loaded machine, short of the injected delay.
            session.timeouts = NetworkTimeouts(readIdle: .seconds(30), total: .milliseconds(1500))
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
            _ = await server.faults.inject(.delay(.seconds(3)), method: "GET", path: .exact("/2.0/users/me"), count: 1)
            let me = try await client.users.getUserMe()
            #expect(me.id == server.seed.adminUser.id)
            // Two attempts on an idle machine; a loaded one may time out once more.
            #expect(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).count >= 2)
        }
    }
}
