/// A strategy whose token lives in a ``TokenLifecycle``. The strategy says how a new token is
/// fetched (when it makes its lifecycle) and which app credentials revoke one; reading,
/// refreshing, replacing after a 401, downscoping and revoking are written here, once.
protocol LifecycleBackedAuthentication: Authentication {
    /// The stored token, its refreshes and their subscribers.
    var lifecycle: TokenLifecycle { get }
    /// The session used when a call does not pass one.
    var networkSession: NetworkSession { get }
    /// The app credentials that revoke this strategy's tokens.
    ///
    /// - Throws: ``BoxSDKError`` (`.invalidArgument`) when the strategy was made without them.
    func revocationCredentials() throws -> AppCredentials
}

/// A client id and secret, as the OAuth endpoints want them in the form body. The secret
/// never appears in descriptions.
struct AppCredentials: Sendable, CustomStringConvertible {
    var clientId: String?
    var clientSecret: String?

    var description: String { "AppCredentials(clientId: \(clientId ?? "nil"), clientSecret: <redacted>)" }
}

extension LifecycleBackedAuthentication {
    /// The stored token, or a new one when it is missing or expires within the refresh margin.
    public func retrieveToken(networkSession: NetworkSession?) async throws -> AccessToken {
        try await lifecycle.validToken(networkSession: session(networkSession))
    }

    /// A new token from the token endpoint, stored and published.
    public func refreshToken(networkSession: NetworkSession?) async throws -> AccessToken {
        try await lifecycle.forcedRefresh(networkSession: session(networkSession))
    }

    /// Revokes the current token on the server and forgets it; the next call fetches a new
    /// one (or, for a strategy that cannot fetch, fails).
    public func revokeToken(networkSession: NetworkSession?) async throws {
        let credentials = try revocationCredentials()
        if let token = try await lifecycle.storedToken()?.accessToken {
            try await TokenEndpoint.revoke(token: token, credentials: credentials,
                                           networkSession: session(networkSession))
        }
        try await lifecycle.clear()
        lifecycle.events.publish(.revoked)
    }

    /// A token limited to `scopes` and, optionally, one item or shared link; the current
    /// token is left untouched.
    public func downscopeToken(scopes: [String], resource: String?, sharedLink: String?,
                               networkSession: NetworkSession?) async throws -> AccessToken {
        try await lifecycle.downscoped(scopes: scopes, resource: resource, sharedLink: sharedLink,
                                       networkSession: session(networkSession))
    }

    /// The replacement of a token the server rejected: the stored one if it changed
    /// meanwhile, else a new one (one request for all callers); `nil` when the strategy
    /// cannot fetch tokens.
    public func refreshToken(afterRejecting rejectedAccessToken: String,
                             networkSession: NetworkSession?) async throws -> AccessToken? {
        try await lifecycle.token(afterRejecting: rejectedAccessToken, networkSession: session(networkSession))
    }

    /// The session a call passed, else the strategy's own.
    func session(_ given: NetworkSession?) -> NetworkSession {
        given ?? networkSession
    }
}
