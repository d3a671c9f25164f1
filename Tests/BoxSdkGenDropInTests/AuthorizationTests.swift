import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.authorization`, as Box's documentation uses it.
@Suite("Drop-in: authorization")
struct AuthorizationTests {
    @Test func theSignInPageIsOpenedForAKnownAppAndRefusedForAnUnknownOne() async throws {
        try await withLocalBox { box in
            let client = box.client
            let app = box.seed.oauthClient

            _ = try await client.authorization.authorizeUser(queryParams: AuthorizeUserQueryParams(
                responseType: AuthorizeUserQueryParamsResponseTypeField.code, clientId: app.id,
                redirectUri: app.redirectURIs.first, state: "state-1"))

            await #expect(throws: (any Error).self) {
                _ = try await client.authorization.authorizeUser(queryParams: AuthorizeUserQueryParams(
                    responseType: AuthorizeUserQueryParamsResponseTypeField.code, clientId: "no-such-app"))
            }
        }
    }

    @Test func aClientCredentialsTokenIsRequestedUsedAndRevoked() async throws {
        try await withLocalBox { box in
            let client = box.client
            let app = box.seed.ccgClient
            let clientSecret = try #require(app.secret)

            let token = try await client.authorization.requestAccessToken(requestBody: PostOAuth2Token(
                grantType: PostOAuth2TokenGrantTypeField.clientCredentials, clientId: app.id, clientSecret: clientSecret,
                boxSubjectType: PostOAuth2TokenBoxSubjectTypeField.enterprise, boxSubjectId: box.seed.enterpriseId))
            let accessToken = try #require(token.accessToken)

            let tokenClient = BoxClient(
                auth: BoxDeveloperTokenAuth(token: accessToken), networkSession: LocalBox.networkSession(for: box.server))
            let me = try await tokenClient.users.getUserMe()
            #expect(me.id == box.seed.serviceAccount.id)

            try await client.authorization.revokeAccessToken(
                requestBody: PostOAuth2Revoke(clientId: app.id, clientSecret: clientSecret, token: accessToken))
            let error = await #expect(throws: BoxAPIError.self) { try await tokenClient.users.getUserMe() }
            #expect(error?.responseInfo.statusCode == 401)
        }
    }

    @Test func anUnknownRefreshTokenIsRefused() async throws {
        try await withLocalBox { box in
            let client = box.client
            let app = box.seed.oauthClient

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.authorization.refreshAccessToken(requestBody: PostOAuth2TokenRefreshAccessToken(
                    clientId: app.id, clientSecret: try #require(app.secret), refreshToken: "not-a-refresh-token"))
            }
            #expect(error?.responseInfo.statusCode == 400)
        }
    }
}
