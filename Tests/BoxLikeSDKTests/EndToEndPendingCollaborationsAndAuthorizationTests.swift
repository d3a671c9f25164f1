import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// The caller's pending collaborations, the authorize page and refreshing an access token
/// through the generated operations.
@Suite("Pending collaborations and authorization against the server")
struct EndToEndPendingCollaborationsAndAuthorizationTests {
    @Test func anInviteesPendingCollaborationsAreListedUntilAccepted() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("shared")
            let invitation = try await admin.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                item: CreateCollaborationRequestBodyItemField(type: .folder, id: folder.id),
                accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, login: "late@example.com"), role: .viewer))
            let user = try await admin.users.createUser(requestBody: CreateUserRequestBody(name: "Late Comer", login: "late@example.com"))
            let (invitee, _) = try await server.developerTokenClient(userId: user.id)

            let pending = try await invitee.listCollaborations.getCollaborations(queryParams: GetCollaborationsQueryParams())
            _ = try await invitee.userCollaborations.updateCollaborationById(
                collaborationId: invitation.id, requestBody: UpdateCollaborationByIdRequestBody(status: .accepted))
            let afterAccepting = try await invitee.listCollaborations.getCollaborations(queryParams: GetCollaborationsQueryParams())

            #expect(pending.entries?.map(\.id) == [invitation.id])
            #expect(pending.totalCount == 1)
            #expect(afterAccepting.entries?.isEmpty == true)
        }
    }

    @Test func anotherUsersPendingCollaborationsAreNotListed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            _ = try await admin.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                item: CreateCollaborationRequestBodyItemField(type: .folder, id: try await admin.makeFolder().id),
                accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, login: "late@example.com"), role: .viewer))

            let pending = try await admin.listCollaborations.getCollaborations(queryParams: GetCollaborationsQueryParams())

            #expect(pending.entries?.isEmpty == true)
        }
    }

    @Test func theAuthorizePageIsTheSignInPageForTheApp() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let app = server.seed.oauthClient

            let page = try await admin.authorization.authorizeUser(queryParams: AuthorizeUserQueryParams(
                clientId: app.id, redirectUri: app.redirectURIs.first, state: "state-1"))
            let html = String(decoding: try await page.collect(upTo: 1 << 20), as: UTF8.self)

            #expect(html.contains("<form"))
            #expect(html.contains(app.id), "the sign-in page is for the app that asked")
            let requests = await server.requestLog.entries(method: "GET").map(\.path)
            #expect(requests.filter { $0.hasSuffix("/authorize") } == ["/oauth2/authorize"], "\(requests)")
        }
    }

    @Test func aRefreshTokenIsExchangedForNewTokensOnce() async throws {
        try await withAuthHarness(loopback: true) { h in
            let token = try await AuthOAuthTests().signIn(h, h.server.seed.appUsers[0])
            let refreshToken = try #require(token.refreshToken)
            let app = h.server.seed.oauthClient
            let tokens = AuthorizationManager(executor: h.session.executor(auth: nil))

            let refreshed = try await tokens.refreshAccessToken(requestBody: PostOAuth2TokenRefreshAccessToken(
                clientId: app.id, clientSecret: app.secret ?? "", refreshToken: refreshToken))
            h.remember(refreshed.accessToken, refreshed.refreshToken)

            #expect(refreshed.accessToken != token.accessToken)
            #expect(refreshed.refreshToken != refreshToken)
            await AuthOAuthTests().expectDead(refreshToken, h)
        }
    }
}
