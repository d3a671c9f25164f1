import BoxLikeJSON
import Foundation
import Testing
@testable import BoxLikeServer

@Suite("Group memberships: what an admin of a group may do")
struct GroupMembershipPermissionsTests {
    /// A membership of a new user in a new group, made by the admin with `extra` in the body,
    /// and the admin's token.
    private func membership(_ server: BoxLikeServer, _ extra: [String: JSONValue]) async throws -> (id: String, json: JSONValue?, token: String) {
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        let tag = UUID().uuidString.prefix(6).lowercased()
        let user = try await server.api(.POST, "/users", token: token, json: ["name": "Casey", "login": .string("casey-\(tag)@example.com")])
        let group = try await server.api(.POST, "/groups", token: token, json: ["name": .string("Group \(tag)")])
        var body: [String: JSONValue] = [
            "user": ["id": .string(try #require(user.json?["id"]?.stringValue))],
            "group": ["id": .string(try #require(group.json?["id"]?.stringValue))],
        ]
        body.merge(extra) { _, new in new }
        let created = try await server.api(.POST, "/group_memberships", token: token, json: .object(body))
        #expect(created.status == 201)
        return (try #require(created.json?["id"]?.stringValue), created.json, token)
    }

    @Test func anAdminMembershipKeepsThePermissionsNotTurnedOff() async throws {
        try await withTestServer { server in
            let (_, json, _) = try await membership(server, ["role": "admin", "configurable_permissions": ["can_run_reports": false]])

            #expect(json?["configurable_permissions"] == [
                "can_run_reports": false, "can_instant_login": true, "can_create_accounts": true, "can_edit_accounts": true,
            ])
        }
    }

    @Test func nullConfigurablePermissionsTurnEveryPermissionOff() async throws {
        try await withTestServer { server in
            let (id, _, token) = try await membership(server, ["role": "admin"])

            let updated = try await server.api(.PUT, "/group_memberships/\(id)", token: token, json: ["configurable_permissions": nil])

            #expect(updated.status == 200)
            let read = try await server.api(.GET, "/group_memberships/\(id)", token: token)
            #expect(read.json?["configurable_permissions"] == [
                "can_run_reports": false, "can_instant_login": false, "can_create_accounts": false, "can_edit_accounts": false,
            ])
        }
    }

    @Test func newConfigurablePermissionsReplaceTheOnesSetBefore() async throws {
        try await withTestServer { server in
            let (id, _, token) = try await membership(server, ["role": "admin", "configurable_permissions": ["can_run_reports": false]])

            let updated = try await server.api(
                .PUT, "/group_memberships/\(id)", token: token, json: ["configurable_permissions": ["can_instant_login": false]])

            #expect(updated.json?["configurable_permissions"]?["can_run_reports"] == true)
            #expect(updated.json?["configurable_permissions"]?["can_instant_login"] == false)
        }
    }

    @Test func aMembersMembershipHasNoConfigurablePermissions() async throws {
        try await withTestServer { server in
            let (_, json, _) = try await membership(server, ["role": "member", "configurable_permissions": ["can_run_reports": true]])

            #expect(json?["role"] == "member")
            #expect(json?["configurable_permissions"] == nil)
        }
    }

    @Test func aPermissionBoxDoesNotHaveIsRefused() async throws {
        try await withTestServer { server in
            let (id, _, token) = try await membership(server, ["role": "admin"])

            let refused = try await server.api(
                .PUT, "/group_memberships/\(id)", token: token, json: ["configurable_permissions": ["can_fly": true]])

            #expect(refused.status == 400)
        }
    }
}
