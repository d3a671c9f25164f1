import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// A refresh token is a user's session: the SDK never loses a rotated one and never posts a
/// dead one twice.
@Suite struct AuthGrantSafetyTests {
    private func oauth(_ h: AuthTestHarness, storage: any TokenStorage) -> BoxOAuth {
        let client = h.server.seed.oauthClient
        h.remember(client.secret)
        return BoxOAuth(config: OAuthConfig(clientId: client.id, clientSecret: client.secret ?? "", tokenStorage: storage),
                        networkSession: h.session, logger: h.authLogger)
    }

    /// Signs the admin in and returns the token with its access token already expired.
    private func signedInWithExpiredAccessToken(_ h: AuthTestHarness, _ auth: BoxOAuth) async throws -> AccessToken {
        let browser = TestBrowser(user: h.server.seed.adminUser)
        let token = try await auth.runLoginFlow(options: LoginFlowOptions(timeout: .seconds(20), browserOpener: browser))
        h.remember(token)
        if let location = browser.finalLocation {
            h.remember(TestBrowser.queryParameters(of: location)["code"])
        }
        return AccessToken(accessToken: token.accessToken, expiresIn: 3600, refreshToken: token.refreshToken,
                           issuedAt: Date().addingTimeInterval(-7200))
    }

    @Test func aRotatedTokenTheStorageRefusedIsKeptInMemoryAndStoredOnceTheStorageRecovers() async throws {
        try await withAuthHarness(loopback: true) { h in
            let directory = try StorageTestDirectory()
            defer { directory.remove() }
            let storage = try EncryptedFileTokenStorage(directory: directory.url, key: .generate())
            let auth = oauth(h, storage: storage)
            let expired = try await signedInWithExpiredAccessToken(h, auth)
            try await storage.store(token: expired)
            let namespaceDirectory = storage.tokenFile.deletingLastPathComponent().path
            // A directory others can write is refused on every write, as a full disk would be.
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: namespaceDirectory)

            let first = try await auth.retrieveToken()
            h.remember(first)
            #expect(first.refreshToken != expired.refreshToken)
            #expect(try await storage.get() == expired, "the storage refused the new token")
            #expect(try await h.currentUserId(auth) == h.server.seed.adminUser.id,
                    "calls go on with the token kept in memory")

            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: namespaceDirectory)
            let second = try await auth.retrieveToken()

            #expect(second == first, "no new sign-in and no second refresh")
            #expect(try await storage.get() == first, "the kept token reached the storage")
            #expect(await h.server.requestLog.tokenRequestCount(grantType: "refresh_token") == 1,
                    "the old refresh token was spent once")
            h.expectNoSecretsLogged()
        }
    }

    @Test func aTokenKeptInMemoryIsTheOneRevokedAtLogout() async throws {
        try await withAuthHarness(loopback: true) { h in
            let directory = try StorageTestDirectory()
            defer { directory.remove() }
            let storage = try EncryptedFileTokenStorage(directory: directory.url, key: .generate())
            let auth = oauth(h, storage: storage)
            try await storage.store(token: try await signedInWithExpiredAccessToken(h, auth))
            let namespaceDirectory = storage.tokenFile.deletingLastPathComponent().path
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: namespaceDirectory)
            let kept = try await auth.retrieveToken()
            h.remember(kept)
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: namespaceDirectory)

            try await auth.revokeToken()

            #expect(try await h.statusWithRawToken(try #require(kept.accessToken)) == 401)
            let revoked = await h.server.requestLog.entries(method: "POST", path: .exact("/oauth2/revoke"))
            #expect(revoked.count == 2, "the kept refresh token, then its access token")
            #expect(try await storage.get() == nil)
        }
    }

    @Test func aRefreshTokenTheServerRefusedIsNotPostedAgainUntilANewSignIn() async throws {
        try await withAuthHarness(loopback: true) { h in
            let storage = InMemoryTokenStorage(token: AccessToken(
                accessToken: "EXPIRED-ACCESS", expiresAt: Date().addingTimeInterval(-60), refreshToken: "DEAD-REFRESH"))
            h.remember("EXPIRED-ACCESS", "DEAD-REFRESH")
            let auth = oauth(h, storage: storage)

            for _ in 0..<5 {
                let error = await #expect(throws: BoxSDKError.self) { try await auth.retrieveToken() }
                #expect(error?.kind == .signInRequired)
            }
            #expect(await h.server.requestLog.tokenRequestCount() == 1, "one invalid_grant, then no more requests")

            let browser = TestBrowser(user: h.server.seed.adminUser)
            let fresh = try await auth.runLoginFlow(options: LoginFlowOptions(timeout: .seconds(20), browserOpener: browser))
            h.remember(fresh)
            if let location = browser.finalLocation { h.remember(TestBrowser.queryParameters(of: location)["code"]) }
            #expect(try await h.currentUserId(auth) == h.server.seed.adminUser.id, "a new sign-in brings the credential back")
            h.expectNoSecretsLogged()
        }
    }

    @Test func aCallRejectedWithADeadGrantIsToldToSignIn() async throws {
        try await withAuthHarness { h in
            h.remember("REVOKED-ACCESS", "DEAD-REFRESH-2")
            let storage = InMemoryTokenStorage(token: AccessToken(
                accessToken: "REVOKED-ACCESS", expiresIn: 3600, refreshToken: "DEAD-REFRESH-2"))
            let auth = oauth(h, storage: storage)
            let error = await #expect(throws: BoxSDKError.self) { try await h.currentUserId(auth) }
            #expect(error?.kind == .signInRequired, "not the bare 401")
            #expect(await h.server.requestLog.tokenRequestCount() == 1)
        }
    }
}
