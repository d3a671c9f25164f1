import Foundation
import Testing
@testable import BoxLikeServer

@Suite("Users: what an admin changes and what the user then shows")
struct UserUpdateTests {
    /// A new managed user and an admin token.
    private func managedUser(_ server: BoxLikeServer, _ name: String = "Casey") async throws -> (id: String, login: String, adminToken: String) {
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        let login = "\(name.lowercased())-\(UUID().uuidString.prefix(6).lowercased())@example.com"
        let created = try await server.api(.POST, "/users", token: token, json: ["name": .string(name), "login": .string(login)])
        return (try #require(created.json?["id"]?.stringValue), login, token)
    }

    @Test func aUserRolledOutOfTheEnterpriseShowsNoEnterpriseAndIsNoLongerManaged() async throws {
        try await withTestServer { server in
            let (id, _, token) = try await managedUser(server)

            let rolledOut = try await server.api(.PUT, "/users/\(id)?fields=enterprise", token: token, json: ["enterprise": nil, "notify": false])

            #expect(rolledOut.status == 200)
            #expect(rolledOut.json?["enterprise"] == nil, "Box's user has no null enterprise: a free user has none")
            let managed = try await server.api(.GET, "/users?user_type=managed&limit=1000", token: token)
            #expect(managed.json?["entries"]?.arrayValue?.contains { $0["id"]?.stringValue == id } == false)
            #expect(try await server.api(.PUT, "/users/\(id)", token: token, json: ["name": "Again"]).status == 404)
        }
    }

    @Test func anEnterpriseOtherThanTheUsersOwnIsRefused() async throws {
        try await withTestServer { server in
            let (id, _, token) = try await managedUser(server)

            let refused = try await server.api(.PUT, "/users/\(id)", token: token, json: ["enterprise": "999999"])

            #expect(refused.status == 400)
            let read = try await server.api(.GET, "/users/\(id)?fields=enterprise", token: token)
            #expect(read.json?["enterprise"]?["id"]?.stringValue == server.seed.enterpriseId)
        }
    }

    @Test func anAdminCannotRollThemselvesOutOfTheEnterprise() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            let refused = try await server.api(.PUT, "/users/\(server.seed.adminUser.id)", token: token, json: ["enterprise": nil])

            #expect(refused.status == 400)
        }
    }

    @Test func theLoginBecomesAConfirmedAliasAndTheOldLoginAnAlias() async throws {
        try await withTestServer { server in
            let (id, login, token) = try await managedUser(server)
            let alias = "casey.new-\(UUID().uuidString.prefix(6).lowercased())@example.com"
            _ = try await server.api(.POST, "/users/\(id)/email_aliases", token: token, json: ["email": .string(alias)])

            let updated = try await server.api(.PUT, "/users/\(id)", token: token, json: ["login": .string(alias)])

            #expect(updated.json?["login"]?.stringValue == alias)
            let aliases = try await server.api(.GET, "/users/\(id)/email_aliases", token: token)
            #expect(aliases.json?["entries"]?.arrayValue?.compactMap { $0["email"]?.stringValue } == [login])
        }
    }

    @Test func aLoginThatIsNotAnAliasOfTheUserIsRefusedAsBoxRefusesIt() async throws {
        try await withTestServer { server in
            let (id, login, token) = try await managedUser(server)

            let refused = try await server.api(.PUT, "/users/\(id)", token: token, json: ["login": "someone-else@example.com"])

            #expect(refused.status == 400)
            #expect(refused.json?["code"] == "bad_request")
            #expect(refused.json?["context_info"]?["errors"]?[0]?["name"] == "new_primary_email")
            #expect(try await server.api(.GET, "/users/\(id)", token: token).json?["login"]?.stringValue == login)
        }
    }

    @Test func aNotificationEmailIsShownUnconfirmedUntilItIsTheUsersOwn() async throws {
        try await withTestServer { server in
            let (id, _, token) = try await managedUser(server)
            let alias = "casey.alias-\(UUID().uuidString.prefix(6).lowercased())@example.com"
            _ = try await server.api(.POST, "/users/\(id)/email_aliases", token: token, json: ["email": .string(alias)])

            let elsewhere = try await server.api(
                .PUT, "/users/\(id)", token: token, json: ["notification_email": ["email": "casey@elsewhere.example"]])
            let own = try await server.api(.PUT, "/users/\(id)", token: token, json: ["notification_email": ["email": .string(alias)]])

            #expect(elsewhere.json?["notification_email"] == ["email": "casey@elsewhere.example", "is_confirmed": false])
            #expect(own.json?["notification_email"] == ["email": .string(alias), "is_confirmed": true])
        }
    }

    @Test func aNullNotificationEmailRemovesIt() async throws {
        try await withTestServer { server in
            let (id, _, token) = try await managedUser(server)
            _ = try await server.api(.PUT, "/users/\(id)", token: token, json: ["notification_email": ["email": "casey@elsewhere.example"]])

            let removed = try await server.api(.PUT, "/users/\(id)", token: token, json: ["notification_email": nil])

            #expect(removed.json?["notification_email"] == .null)
        }
    }

    @Test func aPasswordResetIsRequiredByAnAdminOnly() async throws {
        try await withTestServer { server in
            let alice = server.seed.appUsers[0]
            let aliceToken = try await server.mintDeveloperToken(userId: alice.id)
            let adminToken = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)

            let byHerself = try await server.api(.PUT, "/users/\(alice.id)", token: aliceToken, json: ["is_password_reset_required": true])
            let byAdmin = try await server.api(.PUT, "/users/\(alice.id)", token: adminToken, json: ["is_password_reset_required": true])

            #expect(byHerself.status == 403)
            #expect(byAdmin.status == 200)
            #expect(await server.state.users[alice.id]?.isPasswordResetRequired == true)
        }
    }
}
