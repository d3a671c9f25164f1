import Foundation
import Logging
import Synchronization

/// OAuth 2.0 authorization-code sign-in: a user grants the app access in the browser; the
/// app then holds an access token and a refresh token it keeps renewing.
///
/// For a command-line or desktop app, ``runLoginFlow(options:)`` does everything (loopback
/// redirect, PKCE, state):
///
/// ```swift
/// let auth = BoxOAuth(config: OAuthConfig(clientId: "id", clientSecret: "secret"))
/// try await auth.runLoginFlow()
/// let client = BoxClient(auth: auth)
/// ```
///
/// A web app builds the URL with ``getAuthorizeUrl(options:)``, receives the code on its
/// own redirect endpoint, and calls ``getTokensAuthorizationCodeGrant(authorizationCode:codeVerifier:redirectUri:networkSession:)``.
/// Each refresh replaces the refresh token; watch ``tokenUpdates`` (or use a persistent
/// ``TokenStorage``) to keep the newest one.
public final class BoxOAuth: LifecycleBackedAuthentication {
    /// The credentials and token storage.
    public let config: OAuthConfig
    /// The session used when a call does not pass one.
    public let networkSession: NetworkSession
    /// How many seconds before its expiry a token is replaced.
    public let refreshMargin: TimeInterval
    private let logger: Logger
    let lifecycle: TokenLifecycle
    /// The PKCE verifier and redirect URI of the last authorization URL, for the exchange.
    private let pending = Mutex<PendingAuthorization?>(nil)

    private struct PendingAuthorization {
        var codeVerifier: String?
        var redirectUri: String?
    }

    /// Creates the strategy.
    ///
    /// - Parameters:
    ///   - config: Credentials and token storage.
    ///   - networkSession: The session used when a call does not pass one; its base URLs
    ///     also give the authorization page.
    ///   - refreshMargin: How many seconds before its expiry a token is replaced.
    ///   - logger: Where the strategy logs; the session's logger by default. Secrets are
    ///     never logged.
    public init(config: OAuthConfig, networkSession: NetworkSession = NetworkSession(),
                refreshMargin: TimeInterval = 60, logger: Logger? = nil) {
        self.config = config
        self.networkSession = networkSession
        self.refreshMargin = refreshMargin
        var authLogger = logger ?? networkSession.logger
        authLogger[metadataKey: "auth"] = "oauth"
        self.logger = authLogger
        let clientId = config.clientId
        let clientSecret = config.clientSecret
        self.lifecycle = TokenLifecycle(
            storage: config.tokenStorage, refreshMargin: refreshMargin,
            logger: logger ?? networkSession.logger, strategy: "oauth"
        ) { current, session in
            guard let refreshToken = current?.refreshToken else {
                throw TokenLifecycle.Unavailable(reason: SDKError(
                    .authentication,
                    "There is no refresh token: sign in first (runLoginFlow or getTokensAuthorizationCodeGrant)."))
            }
            let form = PostOAuth2Token(grantType: .refreshToken, clientId: clientId, clientSecret: clientSecret,
                                       refreshToken: refreshToken)
            return try await TokenEndpoint.requestToken(form, networkSession: session)
        }
    }

    /// Every new token this strategy obtains, as it arrives: after sign-in and after each
    /// refresh (which rotates the refresh token). Each access returns a new, independent
    /// stream.
    public var tokenUpdates: AsyncStream<AccessToken> { lifecycle.updates.subscribe() }

    // MARK: - Authorization URL and manual code exchange

    /// The URL of the page where the user signs in and grants access.
    ///
    /// Unless `options.usePKCE` is `false`, a PKCE `S256` challenge is added and its
    /// verifier kept for ``getTokensAuthorizationCodeGrant(authorizationCode:codeVerifier:redirectUri:networkSession:)``.
    /// A random `state` is added when none is given; compare it with the one on the redirect.
    ///
    /// - Throws: ``BoxSDKError`` (`.invalidArgument`) when the URL cannot be built.
    public func getAuthorizeUrl(options: AuthorizeUrlOptions = AuthorizeUrlOptions()) throws -> URL {
        try authorizationRequest(options: options).url
    }

    /// Exchanges an authorization code for tokens, stores and publishes them.
    ///
    /// - Parameters:
    ///   - authorizationCode: The `code` from the redirect.
    ///   - codeVerifier: The PKCE verifier; by default the one kept by the last
    ///     ``getAuthorizeUrl(options:)``.
    ///   - redirectUri: The redirect URI of the authorization request; by default the one
    ///     of the last ``getAuthorizeUrl(options:)``.
    ///   - networkSession: The session to use; ``networkSession`` by default.
    /// - Throws: ``BoxAPIError`` (`invalid_grant` for a used, expired or mismatched code).
    @discardableResult
    public func getTokensAuthorizationCodeGrant(authorizationCode: String, codeVerifier: String? = nil,
                                                redirectUri: String? = nil,
                                                networkSession: NetworkSession? = nil) async throws -> AccessToken {
        // A code is good for one exchange, so the kept verifier goes with it either way.
        let kept = pending.withLock { state in
            defer { state = nil }
            return state
        }
        let form = PostOAuth2Token(grantType: .authorizationCode, clientId: config.clientId,
                                   clientSecret: config.clientSecret, code: authorizationCode,
                                   redirectUri: redirectUri ?? kept?.redirectUri,
                                   codeVerifier: codeVerifier ?? kept?.codeVerifier)
        let token = try await TokenEndpoint.requestToken(form, networkSession: session(networkSession))
        try await lifecycle.install(token)
        logger.info("signed in with an authorization code")
        return token
    }

    // MARK: - Loopback sign-in

    /// Signs the user in through the system browser and a loopback redirect (RFC 8252).
    ///
    /// Starts a one-shot listener on `127.0.0.1`, opens the authorization URL (with PKCE
    /// and `state`) through `options.browserOpener`, waits for the redirect, answers the
    /// browser, exchanges the code and stores the token. The listener is closed in every
    /// case: success, error, timeout and cancellation.
    ///
    /// - Throws: ``OAuthLoginError`` for a denied, forged, timed-out or cancelled sign-in;
    ///   ``BoxAPIError`` when the code exchange fails.
    @discardableResult
    public func runLoginFlow(options: LoginFlowOptions = LoginFlowOptions()) async throws -> AccessToken {
        let (port, path) = try Self.listenAddress(options)
        let state = options.state ?? Base64URL.randomState()
        let listener = try await LoopbackRedirectListener.start(port: port, path: path, expectedState: state)
        do {
            let redirectUri = options.redirectUri ?? "http://127.0.0.1:\(listener.port)\(path)"
            let request = try authorizationRequest(options: AuthorizeUrlOptions(
                redirectUri: redirectUri, state: state, scope: options.scope, prompt: options.prompt,
                extraQueryParameters: options.extraQueryParameters))
            logger.info("waiting for the sign-in redirect", metadata: ["port": "\(listener.port)"])
            do {
                try await options.browserOpener.open(request.url)
            } catch {
                if Task.isCancelled { throw OAuthLoginError.cancelled }
                throw OAuthLoginError.browserFailed(reason: String(describing: error))
            }
            let code = try await listener.waitForCode(timeout: options.timeout)
            await listener.close()
            return try await getTokensAuthorizationCodeGrant(
                authorizationCode: code, codeVerifier: request.codeVerifier, redirectUri: redirectUri)
        } catch {
            await listener.close()
            logger.notice("sign-in failed", metadata: ["error": "\(error)"])
            throw error
        }
    }

    // MARK: - Authentication

    /// The app's client id and secret.
    func revocationCredentials() -> AppCredentials {
        AppCredentials(clientId: config.clientId, clientSecret: config.clientSecret)
    }

    /// Revokes the tokens on the server and clears the storage.
    ///
    /// The refresh token goes first: revoking it ends the whole grant (RFC 7009 §2.1), so
    /// once it is gone nothing can mint new access tokens, even if revoking the access token
    /// then fails. A refresh in progress is waited for, so the refresh token it rotated to is
    /// the one revoked. Revocation is idempotent, so failed attempts (5xx, lost connections)
    /// are retried like any safe request.
    ///
    /// - Throws: The first revocation that failed after its retries; the storage is then left
    ///   as it was, so the caller can try again (``Credential/logout()`` removes it anyway and
    ///   reports the failure).
    public func revokeToken(networkSession: NetworkSession?) async throws {
        if let token = try await lifecycle.storedTokenAfterRefresh() {
            for secret in [token.refreshToken, token.accessToken].compactMap({ $0 }) {
                try await TokenEndpoint.revoke(token: secret, credentials: revocationCredentials(),
                                               networkSession: session(networkSession))
            }
        }
        try await lifecycle.clear()
    }

    // MARK: - Helpers

    /// Builds the authorization URL and remembers its verifier and redirect URI.
    private func authorizationRequest(options: AuthorizeUrlOptions) throws -> (url: URL, codeVerifier: String?) {
        let pkce = options.usePKCE ? (options.codeVerifier.map(PKCE.init(verifier:)) ?? PKCE()) : nil
        var items: [(String, String?)] = [
            ("response_type", options.responseType),
            ("client_id", options.clientId ?? config.clientId),
            ("redirect_uri", options.redirectUri),
            ("state", options.state ?? Base64URL.randomState()),
            ("scope", options.scope),
            ("prompt", options.prompt),
            ("code_challenge", pkce?.challenge),
            ("code_challenge_method", pkce == nil ? nil : PKCE.method),
        ]
        let reserved = Set(items.map(\.0))
        for (name, value) in options.extraQueryParameters.sorted(by: { $0.key < $1.key }) where !reserved.contains(name) {
            items.append((name, value))
        }
        guard var components = URLComponents(url: networkSession.baseUrls.authorizeUrl, resolvingAgainstBaseURL: false)
        else {
            throw SDKError(.invalidArgument, "The authorize URL base is not a valid URL.")
        }
        var query = QueryParameters()
        for (name, value) in items { query.add(name, value) }
        components.percentEncodedQuery = query.encoded
        guard let url = components.url else {
            throw SDKError(.invalidArgument, "The authorization URL could not be built from the options given.")
        }
        pending.withLock { $0 = PendingAuthorization(codeVerifier: pkce?.verifier, redirectUri: options.redirectUri) }
        return (url, pkce?.verifier)
    }

    /// The port and path the loopback listener uses.
    private static func listenAddress(_ options: LoginFlowOptions) throws -> (port: Int, path: String) {
        guard let redirectUri = options.redirectUri else {
            let path = options.callbackPath.hasPrefix("/") ? options.callbackPath : "/" + options.callbackPath
            return (options.port ?? 0, path)
        }
        guard let url = URLComponents(string: redirectUri), url.scheme == "http",
              let host = url.host, ["127.0.0.1", "localhost"].contains(host.lowercased()),
              let port = url.port, (1...65535).contains(port)
        else {
            throw OAuthLoginError.invalidRedirectUri(redirectUri)
        }
        return (port, url.path.isEmpty ? "/" : url.path)
    }
}
