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
/// own redirect endpoint, and calls ``getTokensAuthorizationCodeGrant(authorizationCode:state:codeVerifier:redirectUri:networkSession:)``.
/// Each refresh replaces the refresh token; watch ``Authentication/tokenUpdates`` (or use a persistent
/// ``TokenStorage``) to keep the newest one. ``Authentication/revokeToken(networkSession:)`` revokes the
/// refresh token first (ending the grant), then the access token; when only the second
/// fails it throws ``PartialRevocationError`` and keeps the stored token.
public final class BoxOAuth: LifecycleBackedAuthentication {
    /// The credentials and token storage.
    public let config: OAuthConfig
    /// The session used when a call does not pass one.
    public let networkSession: NetworkSession
    /// How many seconds before its expiry a token is replaced.
    public let refreshMargin: TimeInterval
    private let logger: Logger
    let lifecycle: TokenLifecycle
    /// The authorizations whose redirect has not come back yet, by `state`, so that two
    /// sign-ins in flight each exchange their code with their own verifier.
    private let pending = Mutex(PendingAuthorizations())

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
        let method = config.clientAuthentication
        self.lifecycle = TokenLifecycle(
            storage: config.tokenStorage, refreshMargin: refreshMargin,
            logger: logger ?? networkSession.logger, strategy: "oauth",
            revocation: .grant { AppCredentials(clientId: clientId, clientSecret: clientSecret, method: method) }
        ) { current, session in
            guard let refreshToken = current?.refreshToken else {
                throw TokenLifecycle.Unavailable(reason: BoxSDKError(
                    .signInRequired,
                    "There is no refresh token: sign in first (runLoginFlow or getTokensAuthorizationCodeGrant)."))
            }
            let form = PostOAuth2Token(grantType: .refreshToken, clientId: clientId, clientSecret: clientSecret,
                                       refreshToken: refreshToken)
            return try await TokenEndpoint.requestToken(form, networkSession: session, clientAuthentication: method)
        }
    }

    // MARK: - Authorization URL and manual code exchange

    /// The URL of the page where the user signs in and grants access.
    ///
    /// Unless `options.usePKCE` is `false`, a PKCE `S256` challenge is added. A random
    /// `state` is added when none is given. Both are kept, keyed by the state, for
    /// ``getTokensFromRedirect(_:networkSession:)`` or
    /// ``getTokensAuthorizationCodeGrant(authorizationCode:state:codeVerifier:redirectUri:networkSession:)``;
    /// ``makeAuthorizationRequest(options:)`` returns them too.
    ///
    /// - Throws: `BoxSDKError` (`.invalidArgument`) when the URL cannot be built or
    ///   `options.codeVerifier` breaks RFC 7636's rules.
    public func getAuthorizeUrl(options: AuthorizeUrlOptions = AuthorizeUrlOptions()) throws -> URL {
        try makeAuthorizationRequest(options: options).url
    }

    /// The authorization URL with the `state` and PKCE verifier it was built with, for a web
    /// app that keeps them in its own session store (several servers, restarts).
    ///
    /// ```swift
    /// let request = try auth.makeAuthorizationRequest(options: AuthorizeUrlOptions(
    ///     redirectUri: "https://app.example/callback"))
    /// session["oauth_state"] = request.state
    /// session["oauth_verifier"] = request.codeVerifier
    /// redirect(to: request.url)
    /// // …on the callback, after checking `state` against the session:
    /// try await auth.getTokensAuthorizationCodeGrant(
    ///     authorizationCode: code, codeVerifier: session["oauth_verifier"],
    ///     redirectUri: "https://app.example/callback")
    /// ```
    ///
    /// The request is also kept in this object (at most ``maximumPendingAuthorizations``,
    /// oldest dropped first), so a single-process app can simply pass the redirect to
    /// ``getTokensFromRedirect(_:networkSession:)``.
    public func makeAuthorizationRequest(options: AuthorizeUrlOptions = AuthorizeUrlOptions()) throws
        -> AuthorizationRequest {
        let request = try authorizationRequest(options: options)
        pending.withLock { $0.insert(request) }
        return request
    }

    /// How many authorization requests ``makeAuthorizationRequest(options:)`` keeps for their
    /// redirects.
    public static let maximumPendingAuthorizations = PendingAuthorizations.capacity

    /// Completes a sign-in from the redirect the browser was sent to: checks that its
    /// `state` belongs to an authorization this object started (compared in constant time),
    /// then exchanges the code with that authorization's verifier and redirect URI.
    ///
    /// ```swift
    /// // In the web app's callback handler:
    /// try await auth.getTokensFromRedirect(request.uri)
    /// ```
    ///
    /// - Throws: ``OAuthLoginError/stateMismatch`` for a missing or unknown `state` (nothing is
    ///   sent); ``OAuthLoginError/accessDenied(description:)`` or
    ///   ``OAuthLoginError/oauthError(code:description:)`` when the redirect carries an error;
    ///   `BoxAPIError` when the exchange fails.
    @discardableResult
    public func getTokensFromRedirect(_ redirect: URL, networkSession: NetworkSession? = nil) async throws -> AccessToken {
        let items = URLComponents(url: redirect, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        guard let state = value("state"), let request = pending.withLock({ $0.take(state: state) }) else {
            logger.notice("refused a sign-in redirect whose state belongs to no pending authorization")
            throw OAuthLoginError.stateMismatch
        }
        if let error = value("error") {
            logger.notice("the sign-in redirect carries an error", metadata: ["error": "\(error)"])
            if error == "access_denied" { throw OAuthLoginError.accessDenied(description: value("error_description")) }
            throw OAuthLoginError.oauthError(code: error, description: value("error_description"))
        }
        guard let code = value("code"), !code.isEmpty else {
            throw OAuthLoginError.oauthError(code: "invalid_request", description: "The redirect carries no code.")
        }
        return try await exchange(code: code, codeVerifier: request.codeVerifier, redirectUri: request.redirectUri,
                                  networkSession: networkSession)
    }

    /// Exchanges an authorization code for tokens, stores and publishes them.
    ///
    /// - Parameters:
    ///   - authorizationCode: The `code` from the redirect.
    ///   - state: The `state` from the redirect. When given, it must belong to an
    ///     authorization this object started, whose verifier and redirect URI are then used.
    ///     When `nil`, the only pending authorization is used (if several are pending, pass
    ///     the state).
    ///   - codeVerifier: The PKCE verifier, when the app kept it itself.
    ///   - redirectUri: The redirect URI of the authorization request, when the app kept it.
    ///   - networkSession: The session to use; ``networkSession`` by default.
    /// - Throws: ``OAuthLoginError/stateMismatch`` for an unknown `state` (nothing is sent);
    ///   `BoxSDKError` (`.invalidArgument`) when several authorizations are pending and no
    ///   state is given; `BoxAPIError` (`invalid_grant` for a used, expired or mismatched
    ///   code).
    @discardableResult
    public func getTokensAuthorizationCodeGrant(authorizationCode: String, state: String? = nil,
                                                codeVerifier: String? = nil, redirectUri: String? = nil,
                                                networkSession: NetworkSession? = nil) async throws -> AccessToken {
        // A code is good for one exchange, so the kept request goes with it either way.
        let kept: AuthorizationRequest?
        if let state {
            guard let found = pending.withLock({ $0.take(state: state) }) else {
                logger.notice("refused a code exchange whose state belongs to no pending authorization")
                throw OAuthLoginError.stateMismatch
            }
            kept = found
        } else if codeVerifier == nil {
            switch pending.withLock({ $0.takeOnly() }) {
            case .none: kept = nil
            case .one(let request): kept = request
            case .several:
                logger.notice("refused a code exchange without state while several authorizations are pending")
                throw BoxSDKError(.invalidArgument,
                                  "Several authorizations are pending: pass the state from the redirect to pick its verifier.")
            }
        } else {
            kept = nil
        }
        return try await exchange(code: authorizationCode, codeVerifier: codeVerifier ?? kept?.codeVerifier,
                                  redirectUri: redirectUri ?? kept?.redirectUri, networkSession: networkSession)
    }

    private func exchange(code: String, codeVerifier: String?, redirectUri: String?,
                          networkSession: NetworkSession?) async throws -> AccessToken {
        let form = PostOAuth2Token(grantType: .authorizationCode, clientId: config.clientId,
                                   clientSecret: config.clientSecret, code: code,
                                   redirectUri: redirectUri, codeVerifier: codeVerifier)
        let token = try await TokenEndpoint.requestToken(form, networkSession: session(networkSession),
                                                         clientAuthentication: config.clientAuthentication)
        try await lifecycle.install(token)
        logger.info("signed in with an authorization code")
        return token
    }

    // MARK: - Loopback sign-in

    /// Signs the user in through the system browser and a loopback redirect (RFC 8252).
    ///
    /// Starts a one-shot listener on `127.0.0.1` (and on `::1` too when the redirect URI
    /// names `localhost`), opens the authorization URL (with PKCE
    /// and `state`) through `options.browserOpener`, waits for the redirect, answers the
    /// browser, exchanges the code and stores the token. The listener is closed in every
    /// case: success, error, timeout and cancellation.
    ///
    /// - Throws: ``OAuthLoginError`` for a denied, forged, timed-out or cancelled sign-in;
    ///   `BoxAPIError` when the code exchange fails.
    @discardableResult
    public func runLoginFlow(options: LoginFlowOptions = LoginFlowOptions()) async throws -> AccessToken {
        let (port, path, namesLocalhost) = try Self.listenAddress(options)
        let state = options.state ?? Base64URL.randomState()
        let listener: LoopbackRedirectListener
        do {
            listener = try await LoopbackRedirectListener.start(port: port, path: path, expectedState: state,
                                                                alsoIPv6: namesLocalhost)
        } catch {
            logger.notice("sign-in failed", metadata: ["error": "\(error)"])
            throw error
        }
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
            return try await exchange(code: code, codeVerifier: request.codeVerifier, redirectUri: redirectUri,
                                      networkSession: nil)
        } catch {
            await listener.close()
            logger.notice("sign-in failed", metadata: ["error": "\(error)"])
            throw error
        }
    }

    // MARK: - Helpers

    /// Builds the authorization URL with its state and verifier.
    private func authorizationRequest(options: AuthorizeUrlOptions) throws -> AuthorizationRequest {
        let pkce = try options.usePKCE ? (options.codeVerifier.map(PKCE.init(verifier:)) ?? PKCE()) : nil
        let state = options.state ?? Base64URL.randomState()
        var items: [(String, String?)] = [
            ("response_type", options.responseType),
            ("client_id", options.clientId ?? config.clientId),
            ("redirect_uri", options.redirectUri),
            ("state", state),
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
            throw BoxSDKError(.invalidArgument, "The authorize URL base is not a valid URL.")
        }
        var query = QueryParameters()
        for (name, value) in items { query.add(name, value) }
        components.percentEncodedQuery = query.encoded
        guard let url = components.url else {
            throw BoxSDKError(.invalidArgument, "The authorization URL could not be built from the options given.")
        }
        return AuthorizationRequest(url: url, state: state, codeVerifier: pkce?.verifier, redirectUri: options.redirectUri)
    }

    /// The port and path the loopback listener uses, and whether the redirect names
    /// `localhost` (which a browser may resolve to `::1` as well as `127.0.0.1`).
    private static func listenAddress(_ options: LoginFlowOptions) throws -> (port: Int, path: String, namesLocalhost: Bool) {
        guard let redirectUri = options.redirectUri else {
            let path = options.callbackPath.hasPrefix("/") ? options.callbackPath : "/" + options.callbackPath
            return (options.port ?? 0, path, false)
        }
        guard let url = URLComponents(string: redirectUri), url.scheme == "http",
              let host = url.host, ["127.0.0.1", "localhost"].contains(host.lowercased()),
              let port = url.port, (1...65535).contains(port)
        else {
            throw OAuthLoginError.invalidRedirectUri(redirectUri)
        }
        return (port, url.path.isEmpty ? "/" : url.path, host.lowercased() == "localhost")
    }
}
