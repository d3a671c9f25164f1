/// A strategy whose token lives in a ``TokenLifecycle``. The strategy says how a new token is
/// fetched and how its tokens are revoked (when it makes its lifecycle); reading, refreshing,
/// replacing after a 401, downscoping, revoking and the event streams are written here, once.
protocol LifecycleBackedAuthentication: Authentication {
    /// The stored token, its refreshes, its revocation and their subscribers.
    var lifecycle: TokenLifecycle { get }
    /// The session used when a call does not pass one.
    var networkSession: NetworkSession { get }
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

    /// Revokes the current token on the server and forgets it, then publishes
    /// ``AuthenticationEvent/revoked``; the next call fetches a new one (or, for a strategy
    /// that cannot fetch, fails). See ``TokenLifecycle/revoke(networkSession:)`` for the order
    /// and the partial-failure rule.
    public func revokeToken(networkSession: NetworkSession?) async throws {
        try await lifecycle.revoke(networkSession: session(networkSession))
    }

    /// Every new token the strategy obtains or is given, as it arrives.
    public var tokenUpdates: AsyncStream<AccessToken> { lifecycle.updates.subscribe() }

    /// Every refresh's outcome and every revocation from now on.
    public var authenticationEvents: AsyncStream<AuthenticationEvent> { lifecycle.events.subscribe() }

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
