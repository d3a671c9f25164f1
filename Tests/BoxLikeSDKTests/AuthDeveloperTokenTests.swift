import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// `BoxDeveloperTokenAuth` against the Box-style server.
@Suite struct AuthDeveloperTokenTests {
    @Test func aDeveloperTokenAuthenticatesRequestsAsItsUser() async throws {
        try await withAuthHarness { h in
            let token = try await h.server.mintDeveloperToken(userId: h.server.seed.adminUser.id)
            h.remember(token)
            let auth = BoxDeveloperTokenAuth(token: token, networkSession: h.session, logger: h.authLogger)
            #expect(try await h.currentUserId(auth) == h.server.seed.adminUser.id)
            #expect(try await auth.retrieveAuthorizationHeader() == "Bearer \(token)")
            #expect(await h.server.requestLog.entries(usingToken: token).count == 1)
            #expect(await h.server.requestLog.tokenRequestCount() == 0)
        }
    }

    @Test func refreshingADeveloperTokenFailsWithAClearAuthenticationError() async throws {
        let auth = BoxDeveloperTokenAuth(token: "dev-token-value")
        let error = await #expect(throws: BoxSDKError.self) { try await auth.refreshToken() }
        #expect(error?.kind == .authentication)
        #expect(error?.message.contains("cannot be refreshed") == true)
        #expect(error.map { String(describing: $0).contains("dev-token-value") } == false)
    }

    @Test func anExpiredDeveloperTokenReportsTheServers401WithoutATokenRequest() async throws {
        let clock = ManualServerClock()
        try await withAuthHarness(configure: {
            $0.clock = .manual(clock)
            $0.developerTokenLifetime = .seconds(3600)
        }) { h in
            let token = try await h.server.mintDeveloperToken(userId: h.server.seed.adminUser.id)
            h.remember(token)
            await clock.advance(by: .seconds(3601))
            let auth = BoxDeveloperTokenAuth(token: token, networkSession: h.session, logger: h.authLogger)
            let error = await #expect(throws: BoxAPIError.self) { try await h.currentUserId(auth) }
            #expect(error?.status == 401)
            #expect(await h.server.requestLog.tokenRequestCount() == 0)
        }
    }

    @Test func revokingWithAppCredentialsEndsTheTokenOnTheServer() async throws {
        try await withAuthHarness { h in
            let token = try await h.server.mintDeveloperToken(userId: h.server.seed.adminUser.id)
            h.remember(token)
            let client = h.server.seed.ccgClient
            let auth = BoxDeveloperTokenAuth(
                token: token, config: DeveloperTokenConfig(clientId: client.id, clientSecret: client.secret),
                networkSession: h.session, logger: h.authLogger)
            #expect(try await h.statusWithRawToken(token) == 200)
            try await auth.revokeToken()
            #expect(try await h.statusWithRawToken(token) == 401)
            #expect(await h.server.requestLog.entries(method: "POST", path: .exact("/oauth2/revoke")).count == 1)
            await #expect(throws: BoxSDKError.self) { try await auth.retrieveToken() }
        }
    }

    @Test func revokingWithoutAppCredentialsIsRefusedLocally() async throws {
        let auth = BoxDeveloperTokenAuth(token: "dev-token-value")
        let error = await #expect(throws: BoxSDKError.self) { try await auth.revokeToken() }
        #expect(error?.kind == .invalidArgument)
        #expect(try await auth.retrieveToken().accessToken == "dev-token-value")
    }
}
