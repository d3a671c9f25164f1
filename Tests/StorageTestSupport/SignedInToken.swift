import BoxLikeNetworkTestSupport
import BoxLikeSDK
import BoxLikeServer
import Foundation

/// A real OAuth session on a test server, for storms that rotate refresh tokens.
public enum SignedInToken {
    /// The OAuth client settings of `server`, for storm workers.
    public static func oauthClient(_ server: BoxLikeServer) throws -> RefreshStorm.Client {
        guard let origin = URL(string: server.origin), let secret = server.seed.oauthClient.secret else {
            throw ClusterError(message: "the server has no usable origin or OAuth client")
        }
        return RefreshStorm.Client(origin: origin, clientId: server.seed.oauthClient.id, clientSecret: secret,
                                   grant: .refreshToken)
    }

    /// Signs the admin in on `server`'s pages and returns the tokens with the access token
    /// already expired, so the next call must spend the refresh token.
    public static func withExpiredAccessToken(_ server: BoxLikeServer) async throws -> AccessToken {
        let client = try oauthClient(server)
        let session = NetworkSession(baseUrls: .singleOrigin(client.origin))
        let auth = BoxOAuth(config: OAuthConfig(clientId: client.clientId, clientSecret: client.clientSecret),
                            networkSession: session)
        let request = try auth.makeAuthorizationRequest(options: AuthorizeUrlOptions(
            redirectUri: "https://app.example.com/callback"))
        let admin = server.seed.adminUser
        let location = try await SignInDriver(login: admin.login, password: admin.password).signIn(at: request.url)
        guard let redirect = URL(string: location) else {
            throw ClusterError(message: "the sign-in redirect is not a URL")
        }
        let token = try await auth.getTokensFromRedirect(redirect)
        return AccessToken(accessToken: token.accessToken, expiresIn: 3600, refreshToken: token.refreshToken,
                           issuedAt: Date().addingTimeInterval(-7200))
    }

    /// How many refresh-token grants the server refused with `invalid_grant`.
    public static func invalidGrants(_ server: BoxLikeServer) async -> Int {
        await server.requestLog.entries(method: "POST", path: .exact("/oauth2/token"))
            .filter { $0.grantType == "refresh_token" && $0.status == 400 }.count
    }
}
