/// A way of proving who the caller is: every authentication strategy conforms.
///
/// The SDK asks its authentication for an access token before each request and, when the
/// server answers 401, for a replacement (see
/// ``refreshToken(afterRejecting:networkSession:)``). Strategies keep their token in a
/// ``TokenStorage`` and publish every new token on their `tokenUpdates` stream.
///
/// ```swift
/// let auth = BoxDeveloperTokenAuth(token: "…")
/// let client = BoxClient(auth: auth)
/// let me = try await client.users.getUserMe()
/// ```
public protocol Authentication: Sendable {
    /// A usable token: the stored one, or a new one when it is missing or about to expire.
    func retrieveToken(networkSession: NetworkSession?) async throws -> AccessToken
    /// Asks the token endpoint for a new token now, whatever the stored one's state.
    func refreshToken(networkSession: NetworkSession?) async throws -> AccessToken
    /// Revokes the token on the server and forgets it locally.
    func revokeToken(networkSession: NetworkSession?) async throws
    /// Exchanges the current token for one limited to `scopes` and, optionally, one item
    /// (`resource`, an API URL such as `https://api.boxlike.example/2.0/files/123`) or shared link.
    /// The current token is left untouched.
    func downscopeToken(
        scopes: [String],
        resource: String?,
        sharedLink: String?,
        networkSession: NetworkSession?
    ) async throws -> AccessToken
    /// Called by the SDK after a request carrying `rejectedAccessToken` got a 401: a token
    /// to replay with, or `nil` when no better token can be had (a developer token cannot be
    /// refreshed), in which case the 401 is reported. Concurrent callers that saw the same
    /// rejected token share one refresh; a caller whose token was already replaced gets the
    /// replacement.
    func refreshToken(afterRejecting rejectedAccessToken: String, networkSession: NetworkSession?) async throws
        -> AccessToken?
    /// Every refresh's outcome and every revocation from now on (see ``AuthenticationEvent``).
    /// Each access returns an independent stream; it ends when the authentication goes away.
    var authenticationEvents: AsyncStream<AuthenticationEvent> { get }
    /// Every new token the strategy obtains or is given, as it arrives: after sign-in and
    /// after each refresh (which may rotate the refresh token). Each access returns an
    /// independent stream; it ends when the authentication goes away.
    ///
    /// ```swift
    /// Task { for await token in auth.tokenUpdates { try await backup.save(token) } }
    /// ```
    var tokenUpdates: AsyncStream<AccessToken> { get }
}

extension Authentication {
    /// No events: a strategy that does not report them.
    public var authenticationEvents: AsyncStream<AuthenticationEvent> {
        AsyncStream { $0.finish() }
    }

    /// No tokens: a strategy that does not report them.
    public var tokenUpdates: AsyncStream<AccessToken> {
        AsyncStream { $0.finish() }
    }

    /// A usable token, using the default network session.
    public func retrieveToken() async throws -> AccessToken {
        try await retrieveToken(networkSession: nil)
    }

    /// A new token from the token endpoint, using the default network session.
    public func refreshToken() async throws -> AccessToken {
        try await refreshToken(networkSession: nil)
    }

    /// The value of the `Authorization` header for the next request: `Bearer <token>`.
    ///
    /// - Throws: `BoxSDKError` (`.authentication`) when the token holds no access token.
    public func retrieveAuthorizationHeader(networkSession: NetworkSession? = nil) async throws -> String {
        try await AuthorizationHeader.bearer(retrieveToken(networkSession: networkSession).usableAccessToken())
    }

    /// Revokes the token, using the default network session.
    public func revokeToken() async throws {
        try await revokeToken(networkSession: nil)
    }

    /// A downscoped token, using the default network session.
    public func downscopeToken(scopes: [String], resource: String? = nil, sharedLink: String? = nil) async throws -> AccessToken {
        try await downscopeToken(scopes: scopes, resource: resource, sharedLink: sharedLink, networkSession: nil)
    }
}
