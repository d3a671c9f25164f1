import BoxLikeJSON
import Foundation
import Testing
@testable import BoxLikeServer

/// The trash keeps an item for Box's 30 days, then deletes it for good unless it is held.
@Suite("Trash purge after 30 days")
struct TrashPurgeTests {
    static func configuration(_ clock: ManualServerClock) -> BoxLikeServerConfiguration {
        var configuration = BoxLikeServerConfiguration()
        configuration.clock = .manual(clock)
        configuration.developerTokenLifetime = .seconds(10 * 365 * 24 * 3600)
        return configuration
    }

    @Test func aTrashedFileIsPurgedThirtyDaysLater() async throws {
        let clock = ManualServerClock()
        try await withTestServer(Self.configuration(clock)) { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let file = "/files/\(server.seed.adminSubfolderFileId)"
            #expect(try await server.api(.DELETE, file, token: admin).status == 204)

            await clock.advance(by: .seconds(29 * 24 * 3600))
            #expect(try await server.api(.GET, file + "/trash", token: admin).status == 200)

            await clock.advance(by: .seconds(24 * 3600 + 1))
            #expect(try await server.api(.GET, file + "/trash", token: admin).status == 404)
        }
    }

    @Test func aHeldFileStaysInTheTrashPastThirtyDays() async throws {
        let clock = ManualServerClock()
        try await withTestServer(Self.configuration(clock)) { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let policy = try await server.api(.POST, "/legal_hold_policies", token: admin, json: ["policy_name": "Kept", "is_ongoing": true])
            let policyId = try #require(policy.json?["id"]?.stringValue)
            let assigned = try await server.api(.POST, "/legal_hold_policy_assignments", token: admin, json: [
                "policy_id": .string(policyId), "assign_to": ["type": "file", "id": .string(server.seed.adminSubfolderFileId)],
            ])
            #expect(assigned.status == 201)
            let file = "/files/\(server.seed.adminSubfolderFileId)"
            #expect(try await server.api(.DELETE, file, token: admin).status == 204)

            await clock.advance(by: .seconds(31 * 24 * 3600))

            #expect(try await server.api(.GET, file + "/trash", token: admin).status == 200)
        }
    }
}
