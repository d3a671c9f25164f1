import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Ending users' sessions: their access tokens fail with 401 afterwards, their refresh tokens
/// are refused, and the SDK's one refresh-and-replay reports the sign-in as over.
@Suite("Session termination against the server")
struct EndToEndSessionTerminationTests {
    static let redirectUri = "https://app.example.com/callback"

    /// `user` signed in through the authorization-code flow: a client with a refresh token.
    func signedIn(_ h: AuthTestHarness, _ user: BoxLikeSeed.User) async throws -> (BoxClient, BoxOAuth) {
        let app = h.server.seed.oauthClient
        h.remember(app.secret)
        let auth = BoxOAuth(config: OAuthConfig(clientId: app.id, clientSecret: app.secret ?? ""),
                            networkSession: h.session, logger: h.authLogger)
        let request = try auth.makeAuthorizationRequest(options: AuthorizeUrlOptions(redirectUri: Self.redirectUri))
        h.remember(request.codeVerifier)
        let browser = TestBrowser(user: user, followsFinalRedirect: false)
        try await browser.open(request.url)
        let location = try #require(browser.finalLocation)
        h.remember(TestBrowser.queryParameters(of: location)["code"])
        let token = try await auth.getTokensFromRedirect(try #require(URL(string: location)))
        h.remember(token)
        return (BoxClient(auth: auth, networkSession: h.session), auth)
    }

    @Test func endingAUsersSessionsMakesTheirTokensFailAndTheRefreshIsRefused() async throws {
        try await withAuthHarness(loopback: true) { h in
            let alice = h.server.seed.appUsers[0]
            let (client, auth) = try await signedIn(h, alice)
            #expect(try await client.users.getUserMe().id == alice.id)
            let token = try #require(try await auth.config.tokenStorage.get())
            let (admin, _) = try await h.server.developerTokenClient()
            let events = auth.authenticationEvents

            let answer = try await admin.sessionTermination.terminateUsersSessions(
                requestBody: TerminateUsersSessionsRequestBody(userIds: [alice.id], userLogins: []))

            #expect(answer.message?.isEmpty == false)
            #expect(try await h.statusWithRawToken(try #require(token.accessToken)) == 401)
            await #expect(throws: (any Error).self) { try await client.users.getUserMe() }
            let refreshes = await h.server.requestLog.entries(method: "POST", path: .exact("/oauth2/token"))
                .filter { $0.grantType == "refresh_token" }
            #expect(refreshes.map(\.status) == [400], "one refresh, refused")
            var iterator = events.makeAsyncIterator()
            guard case .refreshFailed(_, let signInRequired)? = await iterator.next() else {
                Issue.record("expected refreshFailed")
                return
            }
            #expect(signInRequired)
        }
    }

    @Test func endingSessionsByLoginLeavesOtherUsersSignedIn() async throws {
        try await withServer { server in
            let alice = server.seed.appUsers[0]
            let bob = server.seed.appUsers[1]
            let (aliceClient, _) = try await server.developerTokenClient(userId: alice.id)
            let (bobClient, _) = try await server.developerTokenClient(userId: bob.id)
            let (admin, _) = try await server.developerTokenClient()

            _ = try await admin.sessionTermination.terminateUsersSessions(
                requestBody: TerminateUsersSessionsRequestBody(userIds: [], userLogins: [alice.login]))

            let error = await #expect(throws: BoxAPIError.self) { try await aliceClient.users.getUserMe() }
            #expect(error?.status == 401)
            #expect(try await bobClient.users.getUserMe().id == bob.id)
        }
    }

    @Test func endingAGroupsSessionsEndsEachMembersSessions() async throws {
        try await withServer { server in
            let alice = server.seed.appUsers[0]
            let bob = server.seed.appUsers[1]
            let (admin, _) = try await server.developerTokenClient()
            let group = try await admin.groups.createGroup(requestBody: CreateGroupRequestBody(name: "Night shift"))
            _ = try await admin.memberships.createGroupMembership(requestBody: CreateGroupMembershipRequestBody(
                user: CreateGroupMembershipRequestBodyUserField(id: alice.id), group: CreateGroupMembershipRequestBodyGroupField(id: group.id)))
            let (aliceClient, _) = try await server.developerTokenClient(userId: alice.id)
            let (bobClient, _) = try await server.developerTokenClient(userId: bob.id)

            _ = try await admin.sessionTermination.terminateGroupsSessions(
                requestBody: TerminateGroupsSessionsRequestBody(groupIds: [group.id]))

            let error = await #expect(throws: BoxAPIError.self) { try await aliceClient.users.getUserMe() }
            #expect(error?.status == 401)
            #expect(try await bobClient.users.getUserMe().id == bob.id)
        }
    }

    @Test func aUserWhoIsNotAnAdminCannotEndSessions() async throws {
        try await withServer { server in
            let (alice, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await alice.sessionTermination.terminateUsersSessions(
                    requestBody: TerminateUsersSessionsRequestBody(userIds: [server.seed.appUsers[1].id], userLogins: []))
            }

            #expect(error?.status == 403)
        }
    }

    @Test func endingTheSessionsOfAnUnknownUserIsNotFound() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.sessionTermination.terminateUsersSessions(
                    requestBody: TerminateUsersSessionsRequestBody(userIds: ["999"], userLogins: []))
            }

            #expect(error?.status == 404)
        }
    }
}
