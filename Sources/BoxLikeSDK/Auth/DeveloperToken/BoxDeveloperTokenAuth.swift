import Foundation
import Logging

/// Authenticates with a token obtained elsewhere: a developer token from the developer
/// console, or a downscoped token.
///
/// The token is used as given and cannot be refreshed; when it expires, requests fail with
/// the server's 401.
///
/// ```swift
/// let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "…"))
/// let me = try await client.users.getUserMe()
/// ```
public final class BoxDeveloperTokenAuth: LifecycleBackedAuthentication {
    /// The app credentials used to revoke the token.
    public let config: DeveloperTokenConfig
    /// Where the token is kept; it starts out holding the given token.
    public let tokenStorage: any TokenStorage
    /// The session used when a call does not pass one.
    public let networkSession: NetworkSession
    let lifecycle: TokenLifecycle

    /// Creates the strategy.
    ///
    /// - Parameters:
    ///   - token: The developer token.
    ///   - config: App credentials, needed only by ``Authentication/revokeToken(networkSession:)``.
    ///   - networkSession: The session used for revocation and downscoping when a call does
    ///     not pass one.
    ///   - logger: Where the strategy logs; the session's logger by default. Tokens are
    ///     never logged.
    public convenience init(token: String, config: DeveloperTokenConfig = DeveloperTokenConfig(),
                            networkSession: NetworkSession = NetworkSession(), logger: Logger? = nil) {
        self.init(token: AccessToken(accessToken: token), config: config, networkSession: networkSession,
                  logger: logger)
    }

    /// Creates the strategy from a whole token, e.g. the result of
    /// ``Authentication/downscopeToken(scopes:resource:sharedLink:)``, keeping its expiry.
    ///
    /// ```swift
    /// let readOnly = try await auth.downscopeToken(scopes: ["item_preview"], resource: fileURL)
    /// let previewClient = BoxClient(auth: BoxDeveloperTokenAuth(token: readOnly))
    /// ```
    public init(token: AccessToken, config: DeveloperTokenConfig = DeveloperTokenConfig(),
                networkSession: NetworkSession = NetworkSession(), logger: Logger? = nil) {
        self.config = config
        self.networkSession = networkSession
        let storage = InMemoryTokenStorage(token: token)
        self.tokenStorage = storage
        // No margin: a token that cannot be refreshed is worth using until its very end.
        // A developer token is never replaced, so `tokenUpdates` stays quiet.
        self.lifecycle = TokenLifecycle(
            storage: storage, refreshMargin: 0,
            logger: logger ?? networkSession.logger, strategy: "developer_token",
            revocation: .accessToken { try Self.revocationCredentials(config) },
            fetch: TokenLifecycle.unavailable(Self.cannotRefresh))
    }

    /// The developer token.
    ///
    /// - Throws: `BoxSDKError` (`.authentication`) when it was revoked or has expired.
    public func retrieveToken(networkSession: NetworkSession?) async throws -> AccessToken {
        guard let stored = try await lifecycle.storedToken() else {
            throw BoxSDKError(.authentication, "The developer token was revoked; create a new BoxDeveloperTokenAuth with a new token.")
        }
        let session = session(networkSession)
        if TokenLifecycle.isUsable(stored, margin: 0, now: session.configuration.clock.now()) { return stored }
        return try await lifecycle.validToken(networkSession: session)
    }

    /// The app credentials from `config`.
    ///
    /// - Throws: `BoxSDKError` (`.invalidArgument`) when `config` lacks the client id or
    ///   secret.
    private static func revocationCredentials(_ config: DeveloperTokenConfig) throws -> AppCredentials {
        guard let clientId = config.clientId, let clientSecret = config.clientSecret else {
            throw BoxSDKError(.invalidArgument,
                              "Revoking a developer token needs DeveloperTokenConfig(clientId:clientSecret:).")
        }
        return AppCredentials(clientId: clientId, clientSecret: clientSecret)
    }

    static let cannotRefresh = BoxSDKError(
        .authentication,
        "Developer tokens cannot be refreshed: generate a new developer token, or use BoxCCGAuth or BoxOAuth.")
}
