import BoxLikeJSON
import Foundation
import Testing
@testable import BoxLikeServer

/// Legal hold policies answer as Box's do.
@Suite("Legal holds as Box answers them")
struct LegalHoldBehaviourTests {
    @Test func filterDatesComeBackWithTheOffsetTheyWereSentWith() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            let created = try await server.api(.POST, "/legal_hold_policies", token: admin, json: [
                "policy_name": "Offsets", "filter_started_at": "2026-01-01T08:00:00-07:00",
                "filter_ended_at": "2026-02-01T00:00:00+05:30",
            ])
            let id = try #require(created.json?["id"]?.stringValue)
            let read = try await server.api(.GET, "/legal_hold_policies/\(id)", token: admin)

            #expect(created.json?["filter_started_at"] == "2026-01-01T08:00:00-07:00")
            #expect(read.json?["filter_started_at"] == "2026-01-01T08:00:00-07:00")
            #expect(read.json?["filter_ended_at"] == "2026-02-01T00:00:00+05:30")
        }
    }

    @Test func aPolicyThatHoldsNothingListsNoFileVersions() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let created = try await server.api(.POST, "/legal_hold_policies", token: admin, json: [
                "policy_name": "Empty", "is_ongoing": true,
            ])
            let id = try #require(created.json?["id"]?.stringValue)

            let holds = try await server.api(.GET, "/file_version_legal_holds?policy_id=\(id)", token: admin)

            #expect(holds.status == 200)
            #expect(holds.json?["entries"] == [])
        }
    }
}
