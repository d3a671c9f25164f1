import Foundation
import Synchronization
import Testing
@testable import BoxLikeServer

@Suite("Token endpoint grants, revocation and expiry")
struct TokenGrantTests {
    /// An authorization-code token pair for the admin via the browser pages.
    static func codeTokens(_ server: BoxLikeServer) async throws -> (access: String, refresh: String) {
        let client = server.seed.oauthClient
        let location = try await BrowserLogin(server: server).run(
            authorizeQuery: [("response_type", "code"), ("client_id", client.id), ("redirect_uri", "https://app.example.com/callback")],
            login: server.seed.adminUser.login, password: server.seed.adminUser.password)
        let result = try await server.token([
            ("grant_type", "authorization_code"), ("code", location.query("code") ?? ""),
            ("redirect_uri", "https://app.example.com/callback"),
        ], headers: [("Authorization", "Basic " + Data("\(client.id):\(client.secret ?? "")".utf8).base64EncodedString())])
        guard let access = result.json?["access_token"]?.stringValue, let refresh = result.json?["refresh_token"]?.stringValue else {
            throw TestFailure("token exchange failed: \(result.text)")
        }
        return (access, refresh)
    }

    func refresh(_ server: BoxLikeServer, _ token: String) async throws -> HTTPResult {
        try await server.token([
            ("grant_type", "refresh_token"), ("refresh_token", token), ("client_id", server.seed.oauthClient.id),
            ("client_secret", server.seed.oauthClient.secret ?? ""),
        ])
    }

    @Test func refreshTokensRotateAndAReusedOneRevokesTheWholeGrant() async throws {
        try await withTestServer { server in
            let tokens = try await Self.codeTokens(server)
            let first = try await refresh(server, tokens.refresh)
            #expect(first.status == 200)
            let rotated = try #require(first.json?["refresh_token"]?.stringValue)
            let access = try #require(first.json?["access_token"]?.stringValue)
            #expect(rotated != tokens.refresh)
            #expect(try await server.api(.GET, "/users/me", token: access).status == 200)

            let reuse = try await refresh(server, tokens.refresh)

            #expect(reuse.status == 400)
            #expect(reuse.json?["error"] == "invalid_grant")
            // Which holder copied the token cannot be told: its successors die too (RFC 9700 §4.14.2).
            #expect(try await refresh(server, rotated).status == 400)
            #expect(try await server.api(.GET, "/users/me", token: access).status == 401)
            #expect(await server.requestLog.tokenRequestCount(grantType: "refresh_token") == 3)
        }
    }

    @Test func wrongClientSecretIsInvalidClient401() async throws {
        try await withTestServer { server in
            let result = try await server.token([
                ("grant_type", "client_credentials"), ("client_id", server.seed.ccgClient.id), ("client_secret", "wrong"),
                ("box_subject_type", "enterprise"), ("box_subject_id", server.seed.enterpriseId),
            ])
            #expect(result.status == 401)
            #expect(result.json?["error"] == "invalid_client")
            #expect(!result.text.contains("boxlike-ccg-secret"))
        }
    }

    @Test func ccgEnterpriseTokenIsTheServiceAccountAndUserTokensSeeOnlyTheirFiles() async throws {
        try await withTestServer { server in
            let enterprise = try await server.ccgToken(userId: nil)
            let me = try await server.api(.GET, "/users/me", token: enterprise)
            #expect(me.json?["id"]?.stringValue == server.seed.serviceAccount.id)
            let alice = server.seed.appUsers[0]
            let bob = server.seed.appUsers[1]
            let aliceToken = try await server.ccgToken(userId: alice.id)
            #expect(try await server.api(.GET, "/files/\(alice.fileId)", token: aliceToken).status == 200)
            let foreign = try await server.api(.GET, "/files/\(bob.fileId)", token: aliceToken)
            #expect(foreign.status == 404)
            #expect(foreign.json?["code"] == "not_found")
            let badSubject = try await server.token([
                ("grant_type", "client_credentials"), ("client_id", server.seed.ccgClient.id), ("client_secret", server.seed.ccgClient.secret ?? ""),
                ("box_subject_type", "enterprise"), ("box_subject_id", "999"),
            ])
            #expect(badSubject.status == 400)
            #expect(badSubject.json?["error"] == "invalid_grant")
        }
    }

    @Test func asUserIsHonouredOnlyForAdminAndServiceAccountTokens() async throws {
        try await withTestServer { server in
            let alice = server.seed.appUsers[0]
            let enterprise = try await server.ccgToken(userId: nil)
            let asAlice = try await server.api(.GET, "/users/me", token: enterprise, headers: [("As-User", alice.id)])
            #expect(asAlice.json?["id"]?.stringValue == alice.id)
            let aliceToken = try await server.ccgToken(userId: alice.id)
            let denied = try await server.api(.GET, "/users/me", token: aliceToken, headers: [("As-User", server.seed.adminUser.id)])
            #expect(denied.status == 403)
        }
    }

    @Test func downscopedTokenIsRestrictedToItsItemAndScopes() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let full = try await server.mintDeveloperToken(userId: admin.id)
            let exchange = try await server.token([
                ("grant_type", "urn:ietf:params:oauth:grant-type:token-exchange"), ("subject_token", full),
                ("subject_token_type", "urn:ietf:params:oauth:token-type:access_token"), ("scope", "item_preview item_download"),
                ("resource", "https://api.box.com/2.0/files/\(admin.fileId)"),
            ])
            #expect(exchange.status == 200)
            #expect(exchange.json?["refresh_token"] == nil)
            #expect(exchange.json?["restricted_to"]?.arrayValue?.count == 2)
            let restricted = try #require(exchange.json?["access_token"]?.stringValue)
            #expect(try await server.api(.GET, "/files/\(admin.fileId)", token: restricted).status == 200)
            let otherItem = try await server.api(.GET, "/files/\(server.seed.adminSubfolderFileId)", token: restricted)
            #expect(otherItem.status == 403)
            let outsideScope = try await server.api(.PUT, "/files/\(admin.fileId)", token: restricted, json: ["name": "renamed.txt"])
            #expect(outsideScope.status == 403)
            #expect(outsideScope.json?["code"] == "insufficient_scope")
            let wider = try await server.token([
                ("grant_type", "urn:ietf:params:oauth:grant-type:token-exchange"), ("subject_token", restricted),
                ("subject_token_type", "urn:ietf:params:oauth:token-type:access_token"), ("scope", "item_upload"),
            ])
            #expect(wider.json?["error"] == "invalid_scope")
        }
    }

    @Test func revokingAnAccessTokenKillsItAndItsRefreshToken() async throws {
        try await withTestServer { server in
            let tokens = try await Self.codeTokens(server)
            let client = server.seed.oauthClient
            let revoke = try await server.send(
                .POST, server.revokeURL, headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: TestHTTP.form([("client_id", client.id), ("client_secret", client.secret ?? ""), ("token", tokens.access)]))
            #expect(revoke.status == 200)
            let after = try await server.api(.GET, "/users/me", token: tokens.access)
            #expect(after.status == 401)
            #expect(after.header("www-authenticate")?.contains("invalid_token") == true)
            #expect(try await refresh(server, tokens.refresh).status == 400)
        }
    }

    @Test func revokingARefreshTokenKillsItsAccessTokenToo() async throws {
        try await withTestServer { server in
            let tokens = try await Self.codeTokens(server)
            let client = server.seed.oauthClient
            _ = try await server.send(
                .POST, server.revokeURL, headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: TestHTTP.form([("client_id", client.id), ("client_secret", client.secret ?? ""), ("token", tokens.refresh)]))
            #expect(try await server.api(.GET, "/users/me", token: tokens.access).status == 401)
            let refreshed = try await refresh(server, tokens.refresh)
            #expect(refreshed.json?["error"] == "invalid_grant")
        }
    }

    @Test func asUserNamingAnUnknownUserIsNotFound() async throws {
        try await withTestServer { server in
            let enterprise = try await server.ccgToken(userId: nil)
            let result = try await server.api(.GET, "/users/me", token: enterprise, headers: [("As-User", "424242")])
            #expect(result.status == 404)
        }
    }

    @Test func developerTokensCanBeRevoked() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            #expect(try await server.api(.GET, "/users/me", token: token).status == 200)
            _ = try await server.send(
                .POST, server.revokeURL, headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: TestHTTP.form([
                    ("client_id", server.seed.oauthClient.id), ("client_secret", server.seed.oauthClient.secret ?? ""), ("token", token),
                ]))
            #expect(try await server.api(.GET, "/users/me", token: token).status == 401)
        }
    }

    @Test func accessTokensExpireAfterTheirLifetime() async throws {
        // The server's clock is moved past the lifetime, not waited for.
        let offset = ServerClockOffset()
        var configuration = BoxLikeServerConfiguration()
        configuration.accessTokenLifetime = .seconds(60)
        configuration.clock = ServerClock { Date().addingTimeInterval(offset.seconds) }
        try await withTestServer(configuration) { server in
            let token = try await server.ccgToken(userId: server.seed.adminUser.id)
            offset.seconds = 30
            #expect(try await server.api(.GET, "/users/me", token: token).status == 200)
            offset.seconds = 61
            let expired = try await server.api(.GET, "/users/me", token: token)
            #expect(expired.status == 401)
            #expect(expired.header("www-authenticate")?.contains(#"error="invalid_token""#) == true)
            #expect(expired.json?["type"] == "error")
        }
    }

    @Test func tokensNeverAppearInLogDescriptions() async throws {
        try await withTestServer { server in
            let token = try await server.ccgToken(userId: server.seed.adminUser.id)
            _ = try await server.api(.GET, "/users/me", token: token)
            let printed = await server.requestLog.all.map(\.description).joined(separator: "\n")
            #expect(!printed.contains(token))
            #expect(!printed.contains(server.seed.ccgClient.secret ?? "-"))
            #expect(printed.contains(TokenFingerprint.of(token)))
        }
    }
}

/// How far a test moved the server's clock.
final class ServerClockOffset: Sendable {
    private let value = Mutex<TimeInterval>(0)
    var seconds: TimeInterval {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
