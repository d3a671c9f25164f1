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
public final class BoxDeveloperTokenAuth: Authentication {
    /// The app credentials used to revoke the token.
    public let config: DeveloperTokenConfig
    /// Where the token is kept; it starts out holding the given token.
    public let tokenStorage: any TokenStorage
    /// The session used when a call does not pass one.
    public let networkSession: NetworkSession
    private let lifecycle: TokenLifecycle

    /// Creates the strategy.
    ///
    /// - Parameters:
    ///   - token: The developer token.
    ///   - config: App credentials, needed only by ``revokeToken(networkSession:)``.
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
        self.lifecycle = TokenLifecycle(
            storage: storage, refreshMargin: 0,
            logger: logger ?? networkSession.logger, strategy: "developer_token"
        ) { _, _ in
            throw BoxDeveloperTokenAuth.cannotRefresh
        }
    }

    /// Every new token this strategy obtains. A developer token is never replaced, so this
    /// stream stays quiet; it exists so code can treat every strategy alike.
    public var tokenUpdates: AsyncStream<AccessToken> { lifecycle.updates.subscribe() }

    /// The developer token.
    ///
    /// - Throws: ``BoxSDKError`` (`.authentication`) when it was revoked or has expired.
    public func retrieveToken(networkSession: NetworkSession?) async throws -> AccessToken {
        guard let stored = try await lifecycle.storedToken() else {
            throw SDKError(.authentication, "The developer token was revoked; create a new BoxDeveloperTokenAuth with a new token.")
        }
        if TokenLifecycle.isUsable(stored, margin: 0) { return stored }
        return try await lifecycle.validToken(networkSession: networkSession ?? self.networkSession)
    }

    /// Always fails: developer tokens cannot be refreshed.
    ///
    /// - Throws: ``BoxSDKError`` (`.authentication`).
    public func refreshToken(networkSession: NetworkSession?) async throws -> AccessToken {
        throw Self.cannotRefresh
    }

    /// `Bearer <token>`.
    public func retrieveAuthorizationHeader(networkSession: NetworkSession?) async throws -> String {
        try await retrieveToken(networkSession: networkSession).authorizationHeaderValue()
    }

    /// Revokes the token on the server and forgets it.
    ///
    /// - Throws: ``BoxSDKError`` (`.invalidArgument`) when ``config`` lacks the client id or
    ///   secret; ``BoxAPIError`` when the server refuses.
    public func revokeToken(networkSession: NetworkSession?) async throws {
        guard let clientId = config.clientId, let clientSecret = config.clientSecret else {
            throw SDKError(.invalidArgument,
                           "Revoking a developer token needs DeveloperTokenConfig(clientId:clientSecret:).")
        }
        if let token = try await lifecycle.storedToken()?.accessToken {
            try await TokenEndpoint.revoke(token: token, clientId: clientId, clientSecret: clientSecret,
                                           networkSession: networkSession ?? self.networkSession)
        }
        try await lifecycle.clear()
    }

    /// A token limited to `scopes` and, optionally, one item or shared link.
    public func downscopeToken(scopes: [String], resource: String?, sharedLink: String?,
                               networkSession: NetworkSession?) async throws -> AccessToken {
        let session = networkSession ?? self.networkSession
        return try await TokenEndpoint.downscope(
            subjectToken: retrieveToken(networkSession: session), scopes: scopes, resource: resource,
            sharedLink: sharedLink, networkSession: session)
    }

    /// The stored token if it is not `rejectedAccessToken` (it was replaced meanwhile);
    /// otherwise fails, since developer tokens cannot be refreshed.
    public func refreshToken(afterRejecting rejectedAccessToken: String,
                             networkSession: NetworkSession?) async throws -> AccessToken {
        try await lifecycle.token(afterRejecting: rejectedAccessToken,
                                  networkSession: networkSession ?? self.networkSession)
    }

    static let cannotRefresh = SDKError(
        .authentication,
        "Developer tokens cannot be refreshed: generate a new developer token, or use BoxCCGAuth or BoxOAuth.")
}
