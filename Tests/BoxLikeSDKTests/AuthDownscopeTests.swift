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
        try await withAuthHarness(loopback: true) { h in
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

    // MARK: - A limited token stays limited (issue 32, item 10)

    /// An open shared link to `fileId`, made with the admin's token.
    func sharedLink(to fileId: String, _ h: AuthTestHarness) async throws -> String {
        let token = try await h.server.mintDeveloperToken(userId: h.server.seed.adminUser.id)
        let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: h.session)
        let shared = try await client.sharedLinksFiles.addShareLinkToFile(
            fileId: fileId, requestBody: AddShareLinkToFileRequestBody(sharedLink: SharedLinkRequest(access: .open)),
            queryParams: AddShareLinkToFileQueryParams(fields: "shared_link"))
        return try #require(shared.sharedLink?.url)
    }

    /// A strategy holding `token` as it is.
    func holding(_ token: AccessToken, _ h: AuthTestHarness) -> BoxDeveloperTokenAuth {
        h.remember(token)
        return BoxDeveloperTokenAuth(token: token, networkSession: h.session, logger: h.authLogger)
    }

    @Test func aTokenLimitedToASharedLinkCannotBeExchangedForAnotherItem() async throws {
        try await withAuthHarness { h in
            let auth = try await signedIn(.developerToken, h)
            let link = try await sharedLink(to: h.server.seed.adminUser.fileId, h)
            let limited = holding(try await auth.downscopeToken(scopes: ["item_preview"], sharedLink: link), h)

            let error = await #expect(throws: BoxAPIError.self) {
                try await limited.downscopeToken(scopes: ["item_preview"], resource: h.server.fileResource(h.server.seed.adminSubfolderFileId))
            }

            #expect(error?.code == "invalid_target")
        }
    }

    @Test func aTokenLimitedToASharedLinkCannotBeExchangedForAnotherLink() async throws {
        try await withAuthHarness { h in
            let auth = try await signedIn(.developerToken, h)
            let link = try await sharedLink(to: h.server.seed.adminUser.fileId, h)
            let other = try await sharedLink(to: h.server.seed.adminSubfolderFileId, h)
            let limited = holding(try await auth.downscopeToken(scopes: ["item_preview"], sharedLink: link), h)

            let error = await #expect(throws: BoxAPIError.self) {
                try await limited.downscopeToken(scopes: ["item_preview"], sharedLink: other)
            }

            #expect(error?.code == "invalid_target")
        }
    }

    @Test func aTokenLimitedToAnItemCannotBeExchangedForALinkToAnotherItem() async throws {
        try await withAuthHarness { h in
            let auth = try await signedIn(.developerToken, h)
            let other = try await sharedLink(to: h.server.seed.adminSubfolderFileId, h)
            let limited = holding(try await auth.downscopeToken(
                scopes: ["item_preview"], resource: h.server.fileResource(h.server.seed.adminUser.fileId)), h)

            let error = await #expect(throws: BoxAPIError.self) {
                try await limited.downscopeToken(scopes: ["item_preview"], sharedLink: other)
            }

            #expect(error?.code == "invalid_target")
        }
    }

    @Test func aTokenLimitedToASharedLinkMayBeExchangedForTheSameItemAgain() async throws {
        try await withAuthHarness { h in
            let auth = try await signedIn(.developerToken, h)
            let fileId = h.server.seed.adminUser.fileId
            let link = try await sharedLink(to: fileId, h)
            let limited = holding(try await auth.downscopeToken(scopes: ["item_preview", "item_download"], sharedLink: link), h)

            let narrower = holding(try await limited.downscopeToken(scopes: ["item_preview"], resource: h.server.fileResource(fileId)), h)

            #expect(try await h.fileStatus(fileId, auth: narrower) == 200)
            #expect(try await h.fileStatus(h.server.seed.adminSubfolderFileId, auth: narrower) == 403)
        }
    }

    @Test func aTokenLimitedToASharedLinkStopsWorkingWhenTheLinkIsRemoved() async throws {
        try await withAuthHarness { h in
            let auth = try await signedIn(.developerToken, h)
            let fileId = h.server.seed.adminUser.fileId
            let link = try await sharedLink(to: fileId, h)
            let limited = holding(try await auth.downscopeToken(scopes: ["item_preview"], sharedLink: link), h)
            #expect(try await h.fileStatus(fileId, auth: limited) == 200)

            let client = BoxClient(auth: auth, networkSession: h.session)
            _ = try await client.sharedLinksFiles.removeSharedLinkFromFile(
                fileId: fileId, requestBody: RemoveSharedLinkFromFileRequestBody(sharedLink: .null),
                queryParams: RemoveSharedLinkFromFileQueryParams(fields: "shared_link"))

            #expect(try await h.fileStatus(fileId, auth: limited) == 401)
            #expect(try await h.fileStatus(h.server.seed.adminSubfolderFileId, auth: limited) == 401)
        }
    }

    // MARK: - Account endpoints (issue 32, item 11)

    /// The status a call answered, 200 when it succeeded.
    func status(_ call: () async throws -> Void) async throws -> Int {
        do {
            try await call()
            return 200
        } catch let error as BoxAPIError {
            return error.status
        }
    }

    @Test func aTokenRestrictedToOneItemCannotReachTheAccountsOrTheEnterprisesSettings() async throws {
        try await withAuthHarness { h in
            let auth = try await signedIn(.developerToken, h)
            let admin = h.server.seed.adminUser
            // Even with every scope a token exchange hands out, the token is limited to one file.
            let everyItemScope = ["item_preview", "item_download", "item_upload", "item_read", "item_share", "item_delete",
                                  "item_rename", "item_comment", "base_explorer", "base_preview", "base_upload"]
            let limited = holding(try await auth.downscopeToken(scopes: everyItemScope, resource: h.server.fileResource(admin.fileId)), h)
            let client = BoxClient(auth: limited, networkSession: h.session)

            #expect(try await status { _ = try await client.files.getFileById(fileId: admin.fileId) } == 200)
            #expect(try await status { _ = try await client.users.updateUserById(userId: admin.id, requestBody: UpdateUserByIdRequestBody(name: "Renamed")) } == 403)
            #expect(try await status { _ = try await client.users.getUsers() } == 403)
            #expect(try await status { _ = try await client.users.getUserById(userId: admin.id) } == 403)
            #expect(try await status { _ = try await client.emailAliases.getUserEmailAliases(userId: admin.id) } == 403)
            #expect(try await status { _ = try await client.collaborationAllowlistEntries.getCollaborationWhitelistEntries() } == 403)
            let me = try await BoxClient(auth: auth, networkSession: h.session).users.getUserById(userId: admin.id)
            #expect(me.name != "Renamed")
        }
    }

    @Test func aTokenRestrictedToOneFileCannotTouchAnyAdminArea() async throws {
        try await withAuthHarness { h in
            let auth = try await signedIn(.developerToken, h)
            let admin = h.server.seed.adminUser
            let limited = holding(try await auth.downscopeToken(
                scopes: ["item_preview", "item_read", "item_upload", "item_delete"], resource: h.server.fileResource(admin.fileId)), h)
            let client = BoxClient(auth: limited, networkSession: h.session)

            #expect(try await status {
                _ = try await client.legalHoldPolicies.createLegalHoldPolicy(requestBody: CreateLegalHoldPolicyRequestBody(
                    policyName: "Held", isOngoing: true))
            } == 403)
            #expect(try await status {
                _ = try await client.shieldLists.createShieldListV2025R0(requestBody: ShieldListsCreateV2025R0(
                    name: "Partners", content: .shieldListContentDomainV2025R0(ShieldListContentDomainV2025R0(domains: ["example.com"]))))
            } == 403)
            #expect(try await status {
                _ = try await client.archives.createArchiveV2025R0(requestBody: CreateArchiveV2025R0RequestBody(name: "Kept"))
            } == 403)
            #expect(try await status {
                _ = try await client.sessionTermination.terminateUsersSessions(requestBody: TerminateUsersSessionsRequestBody(
                    userIds: [h.server.seed.appUsers[0].id], userLogins: []))
            } == 403)
            let policies = try await BoxClient(auth: auth, networkSession: h.session).legalHoldPolicies.getLegalHoldPolicies()
            #expect(policies.entries?.isEmpty ?? true)
        }
    }

    @Test func aTokenWithOnlyItemScopesCannotListOrChangeUsers() async throws {
        try await withAuthHarness { h in
            let auth = try await signedIn(.developerToken, h)
            let admin = h.server.seed.adminUser
            let previewOnly = holding(try await auth.downscopeToken(scopes: ["item_preview"]), h)
            let client = BoxClient(auth: previewOnly, networkSession: h.session)

            #expect(try await status { _ = try await client.users.getUsers() } == 403)
            #expect(try await status { _ = try await client.users.updateUserById(userId: admin.id, requestBody: UpdateUserByIdRequestBody(name: "Renamed")) } == 403)
            #expect(try await status { _ = try await client.collaborationAllowlistEntries.getCollaborationWhitelistEntries() } == 403)
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

    @Test func aTokenExchangeHandsOutNoAdministrationOrWholeAccountScope() async throws {
        try await withAuthHarness { h in
            let auth = try await signedIn(.developerToken, h)
            for scope in ["manage_managed_users", "manage_legal_hold", "root_readwrite"] {
                let error = await #expect(throws: BoxAPIError.self) {
                    try await auth.downscopeToken(scopes: ["item_preview", scope], resource: nil, sharedLink: nil)
                }
                #expect(error?.code == "invalid_scope", "\(scope)")
            }
        }
    }
}
