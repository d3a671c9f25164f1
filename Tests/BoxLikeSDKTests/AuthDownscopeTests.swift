import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// `downscopeToken(scopes:resource:sharedLink:)` for every strategy: the new token works on
/// its item only and the original keeps its reach.
@Suite struct AuthDownscopeTests {
    enum Strategy: String, CaseIterable, Sendable {
        case developerToken, ccg, oauth
    }

    /// A signed-in strategy acting as the seeded admin.
    func signedIn(_ strategy: Strategy, _ h: AuthTestHarness) async throws -> any Authentication {
        let admin = h.server.seed.adminUser
        switch strategy {
        case .developerToken:
            let token = try await h.server.mintDeveloperToken(userId: admin.id)
            h.remember(token)
            return BoxDeveloperTokenAuth(token: token, networkSession: h.session, logger: h.authLogger)
        case .ccg:
            let client = h.server.seed.ccgClient
            let auth = BoxCCGAuth(config: CCGConfig(clientId: client.id, clientSecret: client.secret ?? "", userId: admin.id),
                                  networkSession: h.session, logger: h.authLogger)
            h.remember(try await auth.retrieveToken())
            return auth
        case .oauth:
            let client = h.server.seed.oauthClient
            let auth = BoxOAuth(config: OAuthConfig(clientId: client.id, clientSecret: client.secret ?? ""),
                                networkSession: h.session, logger: h.authLogger)
            let browser = TestBrowser(user: admin)
            h.remember(try await auth.runLoginFlow(options: LoginFlowOptions(timeout: .seconds(20), browserOpener: browser)))
            h.remember(browser.finalLocation.flatMap { TestBrowser.queryParameters(of: $0)["code"] })
            return auth
        }
    }

    @Test(arguments: Strategy.allCases)
    func aDownscopedTokenWorksOnItsItemOnlyAndLeavesTheOriginalUntouched(_ strategy: Strategy) async throws {
        try await withAuthHarness { h in
            let admin = h.server.seed.adminUser
            let auth = try await signedIn(strategy, h)
            let original = try await auth.retrieveToken()

            let downscoped = try await auth.downscopeToken(scopes: ["item_preview"],
                                                           resource: h.server.fileResource(admin.fileId))
            h.remember(downscoped)
            #expect(downscoped.accessToken != original.accessToken)
            #expect(downscoped.scopes == ["item_preview"])
            #expect(downscoped.restrictedTo?.first?.objectId == admin.fileId)
            #expect(downscoped.refreshToken == nil)

            let limited = BoxDeveloperTokenAuth(token: downscoped, networkSession: h.session, logger: h.authLogger)
            #expect(try await h.fileStatus(admin.fileId, auth: limited) == 200)
            #expect(try await h.fileStatus(h.server.seed.adminSubfolderFileId, auth: limited) == 403)

            // The same through the generated API, as an app would use it.
            let client = BoxClient(auth: limited, networkSession: h.session)
            #expect(try await client.files.getFileById(fileId: admin.fileId).id == admin.fileId)
            let refused = await #expect(throws: BoxAPIError.self) {
                try await client.files.getFileById(fileId: h.server.seed.adminSubfolderFileId)
            }
            #expect(refused?.status == 403)

            #expect(try await auth.retrieveToken() == original)
            #expect(try await h.fileStatus(h.server.seed.adminSubfolderFileId, auth: auth) == 200)
        }
    }

    @Test func askingForMoreThanTheTokenHoldsIsRefused() async throws {
        try await withAuthHarness { h in
            let auth = try await signedIn(.developerToken, h)
            let error = await #expect(throws: BoxAPIError.self) {
                try await auth.downscopeToken(scopes: ["not_a_scope"], resource: nil, sharedLink: nil)
            }
            #expect(error?.code == "invalid_scope")
        }
    }
}
