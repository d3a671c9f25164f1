import AsyncHTTPClient
import Foundation
import Testing
@testable import BoxLikeServer

@Suite("Fault injection")
struct FaultInjectionTests {
    @Test(arguments: [500, 502, 503, 504])
    func statusFaultsFailTheNextMatchingRequestsOnly(status: Int) async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let rule = await server.faults.inject(.status(status), method: "GET", path: .glob("/2.0/users/*"), count: 2)
            let other = try await server.api(.GET, "/folders/0", token: token)
            #expect(other.status == 200)
            for _ in 0..<2 {
                let failed = try await server.api(.GET, "/users/me", token: token)
                #expect(failed.status == status)
                #expect(failed.json?["type"] == "error")
            }
            #expect(try await server.api(.GET, "/users/me", token: token).status == 200)
            #expect(await server.faults.firings(of: rule).count == 2)
        }
    }

    @Test func retryAfterCanBeSecondsOrAnHTTPDate() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            await server.faults.inject(.status(429, retryAfter: .seconds(3)), path: .regex("/2\\.0/users/me"))
            let seconds = try await server.api(.GET, "/users/me", token: token)
            #expect(seconds.status == 429)
            #expect(seconds.header("retry-after") == "3")
            await server.faults.inject(.status(503, retryAfter: .date(Date(timeIntervalSince1970: 1_800_000_000))), path: .exact("/2.0/users/me"))
            let dated = try await server.api(.GET, "/users/me", token: token)
            #expect(dated.status == 503)
            #expect(dated.header("retry-after") == "Fri, 15 Jan 2027 08:00:00 GMT")
        }
    }

    @Test func tokenEndpointCanFailToo() async throws {
        try await withTestServer { server in
            await server.faults.inject(.status(503, retryAfter: .seconds(1)), method: "POST", path: .exact("/oauth2/token"))
            let failed = try await server.token([("grant_type", "client_credentials")])
            #expect(failed.status == 503)
            #expect(try await server.ccgToken(userId: nil).isEmpty == false)
        }
    }

    @Test func aThrottledUploadArrivesNoFasterThanTheCapAndIntact() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let bytes = (0..<(256 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            await server.faults.inject(.throttle(bytesPerSecond: 512 * 1024), method: "POST",
                                       path: .exact("/api/2.0/files/content"))
            let started = ContinuousClock.now
            let result = try await server.send(
                .POST, server.uploadBaseURL + "/files/content",
                headers: [("Content-Type", Multipart.contentType), ("Authorization", "Bearer \(token)")],
                body: Multipart.upload(attributes: ["name": "slow.bin", "parent": ["id": "0"]], file: bytes))
            let elapsed = ContinuousClock.now - started
            #expect(result.status == 201)
            #expect(result.json?["entries"]?[0]?["size"]?.intValue == bytes.count)
            #expect(elapsed >= .milliseconds(450), "256 KiB at 512 KiB/s takes half a second at least")
        }
    }

    @Test func resetClosesTheConnectionWithoutAResponse() async throws {
        try await withTestServer(loopback: true) { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            await server.faults.inject(.resetConnection, path: .exact("/2.0/users/me"))
            await #expect(throws: (any Error).self) {
                _ = try await server.send(.GET, server.apiBaseURL + "/users/me", headers: [("Authorization", "Bearer \(token)")])
            }
            #expect(try await server.api(.GET, "/users/me", token: token).status == 200)
            let fired = await server.faults.firings
            #expect(fired.count == 1)
            #expect(fired.first?.fault == .resetConnection)
        }
    }

    @Test func delayHoldsTheResponse() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            await server.faults.inject(.delay(.milliseconds(400)), path: .exact("/2.0/users/me"))
            let clock = ContinuousClock()
            let start = clock.now
            let result = try await server.api(.GET, "/users/me", token: token)
            #expect(result.status == 200)
            #expect(clock.now - start >= .milliseconds(400))
        }
    }

    @Test func holdKeepsTheRequestUnansweredUntilItsGateOpens() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let gate = FaultGate()
            await server.faults.inject(.hold(gate), path: .exact("/2.0/users/me"))
            let held = Task { try await server.api(.GET, "/users/me", token: token) }
            await server.requestLog.waitUntil { $0.contains { $0.path == "/2.0/users/me" } }
            // Another request passes while the first is held.
            #expect(try await server.api(.GET, "/folders/0", token: token).status == 200)
            #expect(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).first?.status == nil)
            gate.open()
            #expect(try await held.value.status == 200)
            #expect(gate.isOpen)
        }
    }

    @Test func truncatedBodyAnnouncesMoreThanItSends() async throws {
        try await withTestServer(loopback: true) { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            await server.faults.inject(.truncateBody, path: .exact("/2.0/users/me"))
            await #expect(throws: (any Error).self) {
                _ = try await server.send(.GET, server.apiBaseURL + "/users/me", headers: [("Authorization", "Bearer \(token)")])
            }
            #expect(await server.faults.firings.count == 1)
        }
    }

    @Test func malformedJSONIs200WithABrokenBody() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            await server.faults.inject(.malformedJSON, method: "GET", path: .glob("/2.0/**"))
            let result = try await server.send(.GET, server.apiBaseURL + "/users/me", headers: [("Authorization", "Bearer \(token)")])
            #expect(result.status == 200)
            #expect(result.header("content-type") == "application/json")
            #expect(result.json == nil)
        }
    }

    @Test func rateLimitAnswers429WithRetryAfter() async throws {
        // The window is a second of the server's clock; a still clock keeps all the requests
        // in one window however slowly a loaded machine sends them.
        let clock = ManualServerClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        var configuration = BoxLikeServerConfiguration()
        configuration.rateLimitPerSecond = 3
        configuration.clock = .manual(clock)
        try await withTestServer(configuration) { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            var results: [HTTPResult] = []
            for _ in 0..<5 { results.append(try await server.api(.GET, "/users/me", token: token)) }

            #expect(results.map(\.status) == [200, 200, 200, 429, 429])
            for limited in results where limited.status == 429 {
                #expect(limited.header("retry-after") == "1")
                #expect(limited.json?["code"] == "rate_limit_exceeded")
            }
            await clock.advance(by: .seconds(1))
            #expect(try await server.api(.GET, "/users/me", token: token).status == 200)
        }
    }

    @Test func globsMatchWithinOrAcrossSegments() {
        #expect(PathPattern.glob("/2.0/files/*").matches("/2.0/files/123"))
        #expect(!PathPattern.glob("/2.0/files/*").matches("/2.0/files/123/content"))
        #expect(PathPattern.glob("/2.0/**").matches("/2.0/files/123/content"))
        #expect(PathPattern.regex("/2\\.0/files/[0-9]+").matches("/2.0/files/42"))
        #expect(!PathPattern.regex("/2\\.0/files/[0-9]+").matches("/2.0/files/42/content"))
    }
}
