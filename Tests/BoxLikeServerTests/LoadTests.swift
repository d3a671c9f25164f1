import AsyncHTTPClient
import Foundation
import Testing
@testable import BoxLikeServer

@Suite("Load")
struct LoadTests {
    @Test func sixtyFourConnectionsOfMixedReadsAndWritesLoseNothing() async throws {
        try await BoxLikeServer.withRunning { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            var pool = HTTPClient.Configuration.ConnectionPool(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 64)
            pool.retryConnectionEstablishment = true
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow, connectionPool: pool))
            // Shut down on every path, so a failed request ends this test and not the process.
            let outcome: Result<(failures: Int, folder: String), any Error>
            do { outcome = .success(try await writeAndRead(server: server, token: token, client: client)) } catch { outcome = .failure(error) }
            try await client.shutdown()
            let (failures, folder) = try outcome.get()
            #expect(failures == 0)
            let listing = try await server.api(.GET, "/folders/\(folder)/items?limit=1000", token: token)
            #expect(listing.json?["total_count"] == 320)
        }
    }

    /// Sixty-four workers each create five folders and read the parent back after each.
    private func writeAndRead(server: BoxLikeServer, token: String, client: HTTPClient) async throws -> (failures: Int, folder: String) {
        let folder = try #require(try await server.api(.POST, "/folders", token: token, json: ["name": "Load", "parent": ["id": "0"]]).json?["id"]?.stringValue)
        let auth = ("Authorization", "Bearer \(token)")
        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<64 {
                group.addTask {
                    var failed = 0
                    for step in 0..<5 {
                        let write = try await TestHTTP.send(
                            .POST, server.apiBaseURL + "/folders", headers: [auth, ("Content-Type", "application/json")],
                            body: JSONValue.object(["name": .string("w\(worker)-\(step)"), "parent": ["id": .string(folder)]]).serialized(),
                            client: client)
                        if write.status != 201 { failed += 1 }
                        let read = try await TestHTTP.send(.GET, server.apiBaseURL + "/folders/\(folder)?fields=name", headers: [auth], client: client)
                        if read.status != 200 { failed += 1 }
                    }
                    return failed
                }
            }
            return try await group.reduce(0, +)
        }
        return (failures, folder)
    }
}
