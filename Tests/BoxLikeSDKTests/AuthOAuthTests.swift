import BoxLikeSDK
import BoxLikeNetworkTestSupport
import BoxLikeServer
import Foundation
import NIOCore
import NIOPosix
import Testing

/// `BoxOAuth` against the Box-style server: the loopback sign-in driven by a scripted
/// browser, the manual flow with PKCE, refresh-token rotation and revocation.
@Suite struct AuthOAuthTests {
    func oauth(_ h: AuthTestHarness, storage: any TokenStorage = InMemoryTokenStorage()) -> BoxOAuth {
        let client = h.server.seed.oauthClient
        h.remember(client.secret)
        return BoxOAuth(config: OAuthConfig(clientId: client.id, clientSecret: client.secret ?? "", tokenStorage: storage),
                        networkSession: h.session, logger: h.authLogger)
    }

    func options(_ browser: TestBrowser, timeout: Duration = .seconds(20)) -> LoginFlowOptions {
        LoginFlowOptions(timeout: timeout, browserOpener: browser)
    }

    /// The loopback port the flow listened on, from the redirect URI it sent the browser to.
    func listenerPort(_ browser: TestBrowser) throws -> Int {
        let opened = try #require(browser.openedURLs.first)
        let redirect = try #require(TestBrowser.queryParameters(of: opened.absoluteString)["redirect_uri"])
        return try #require(URLComponents(string: redirect)?.port)
    }

    /// A port nothing listens on right now, chosen below the ephemeral range (32768 and up on
    /// Linux, 49152 and up on macOS): a port the kernel hands out for `port: 0` could be given
    /// again, in the moment before the flow binds it, to another test's listener or outgoing
    /// connection, and with every suite running at once that happened.
    func unclaimedPort(host: String) async throws -> Int {
        for _ in 0..<200 {
            let candidate = Int.random(in: 20_000..<32_768)
            if let probe = try? await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .bind(host: host, port: candidate).get() {
                try await probe.close().get()
                return candidate
            }
        }
        struct NoPortFree: Error {}
        throw NoPortFree()
    }

    /// Whether the listener let go of the port: it can be bound again, or nothing accepts
    /// connections on it any more. (With many tests running at once, the kernel may already
    /// have handed the freed port to another test's outgoing connection, which makes a bind
    /// fail although the listener is gone.) The flow returns only after its listener's channel
    /// and connections have closed, so one look, right after it returns, is enough.
    func portIsFree(_ port: Int) async -> Bool {
        if let channel = try? await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: port).get() {
            try? await channel.close().get()
            return true
        }
        do {
            let connection = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connect(host: "127.0.0.1", port: port).get()
            try? await connection.close().get()
            return false
        } catch {
            return true
        }
    }

    /// Signs `user` in through the loopback flow, remembering what must not be logged.
    func signIn(_ h: AuthTestHarness, _ user: BoxLikeSeed.User) async throws -> AccessToken {
        let browser = TestBrowser(user: user)
        let token = try await oauth(h).runLoginFlow(options: options(browser))
        h.remember(token)
        rememberRedirect(h, browser)
        return token
    }

    /// Signs `user` in, then puts the token into a new storage as if its access token had
    /// expired (the refresh token still good).
    func signInThenExpire(_ h: AuthTestHarness, _ user: BoxLikeSeed.User) async throws -> (AccessToken, InMemoryTokenStorage) {
        let original = try await signIn(h, user)
        let storage = InMemoryTokenStorage()
        var expired = original
        expired.expiresAt = Date().addingTimeInterval(-1)
        await storage.store(token: expired)
        return (original, storage)
    }

    /// Expects the server to refuse a refresh with `refreshToken` as `invalid_grant`.
    func expectDead(_ refreshToken: String?, _ h: AuthTestHarness, sourceLocation: SourceLocation = #_sourceLocation) async {
        let app = h.server.seed.oauthClient
        let tokens = AuthorizationManager(executor: h.session.executor(auth: nil))
        let error = await #expect(throws: BoxAPIError.self, sourceLocation: sourceLocation) {
            try await tokens.requestAccessToken(requestBody: PostOAuth2Token(
                grantType: .refreshToken, clientId: app.id, clientSecret: app.secret, refreshToken: refreshToken))
        }
        #expect(error?.code == "invalid_grant", "the refresh token is dead on the server", sourceLocation: sourceLocation)
    }

    /// The code, state and verifier-free secrets a flow exposed to the browser.
    func rememberRedirect(_ h: AuthTestHarness, _ browser: TestBrowser) {
        if let location = browser.finalLocation {
            h.remember(TestBrowser.queryParameters(of: location)["code"])
        }
    }

    // MARK: - Loopback flow

    @Test func theLoopbackFlowSignsTheUserInAndClosesTheListener() async throws {
        try await withAuthHarness(loopback: true) { h in
            let auth = oauth(h)
            let user = h.server.seed.adminUser
            let browser = TestBrowser(user: user)
            let token = try await auth.runLoginFlow(options: options(browser))
            h.remember(token)
            rememberRedirect(h, browser)

            #expect(token.refreshToken != nil)
            #expect(try await auth.config.tokenStorage.get() == token)
            #expect(try await h.currentUserId(auth) == user.id)

            let opened = TestBrowser.queryParameters(of: try #require(browser.openedURLs.first).absoluteString)
            #expect(opened["code_challenge_method"] == "S256")
            #expect(opened["code_challenge"]?.count == 43)
            #expect((opened["state"]?.count ?? 0) >= 16)
            #expect(opened["redirect_uri"]?.hasPrefix("http://127.0.0.1:") == true)
            let visit = try #require(browser.visits.last)
            #expect(visit.status == 200)
            #expect(visit.body.contains("signed in"))
            let exchange = try #require(await h.server.requestLog.entries(method: "POST", path: .exact("/oauth2/token")).first)
            #expect(exchange.grantType == "authorization_code")
            #expect(exchange.status == 200)
            let port = try listenerPort(browser)
            #expect(await portIsFree(port))
        }
    }

    @Test func requestsToOtherPathsAreAnswered404AndIgnored() async throws {
        try await withAuthHarness(loopback: true) { h in
            let auth = oauth(h)
            let browser = TestBrowser(user: h.server.seed.appUsers[0], probesOtherPath: true)
            let token = try await auth.runLoginFlow(options: options(browser))
            h.remember(token)
            rememberRedirect(h, browser)
            #expect(browser.visits.map(\.status) == [404, 200])
            #expect(try await h.currentUserId(auth) == h.server.seed.appUsers[0].id)
        }
    }

    @Test func aRedirectWithAWrongStateIsRefusedAndTheFlowWaitsForTheRealOne() async throws {
        try await withAuthHarness(loopback: true) { h in
            let auth = oauth(h)
            let browser = TestBrowser(user: h.server.seed.adminUser, behaviour: .tamperState)
            await #expect(throws: OAuthLoginError.timeout) {
                try await auth.runLoginFlow(options: options(browser, timeout: .seconds(1)))
            }
            rememberRedirect(h, browser)
            #expect(browser.visits.last?.status == 400)
            let stored = try await auth.config.tokenStorage.get()
            #expect(stored == nil)
            #expect(await h.server.requestLog.tokenRequestCount() == 0)
            let port = try listenerPort(browser)
            #expect(await portIsFree(port))
        }
    }

    @Test func logoutRevokesTheRefreshTokenFirstAndRetriesAFailedRevoke() async throws {
        try await withAuthHarness(loopback: true) { h in
            let token = try await signIn(h, h.server.seed.appUsers[0])
            let refreshToken = try #require(token.refreshToken)
            let app = h.server.seed.oauthClient
            let store = CredentialStore(storage: InMemoryTokenStorage(), networkSession: h.session,
                                        authentication: .oauth(clientId: app.id, clientSecret: app.secret ?? ""))
            let credential = try await store.store(token: token)
            _ = await h.server.faults.inject(.status(503), method: "POST", path: .exact("/oauth2/revoke"), count: 1)

            let result = try await credential.logout()

            #expect(result.revoked, "the 503 was retried: revocation is idempotent")
            let revokes = await h.server.requestLog.entries(method: "POST", path: .exact("/oauth2/revoke"))
            #expect(revokes.count == 3, "refresh token (503, then again), then access token")
            await expectDead(refreshToken, h)
        }
    }

    @Test func revokingReportsRevokedOnTheAuthenticationEventsAfterBothTokensAreDead() async throws {
        try await withAuthHarness(loopback: true) { h in
            let token = try await signIn(h, h.server.seed.appUsers[0])
            let refreshToken = try #require(token.refreshToken)
            let auth = oauth(h)
            try await auth.config.tokenStorage.store(token: token)
            var events = auth.authenticationEvents.makeAsyncIterator()

            try await auth.revokeToken()

            let event = await events.next()
            #expect(event?.description == "revoked")
            #expect(try await auth.config.tokenStorage.get() == nil)
            await expectDead(refreshToken, h)
        }
    }

    @Test func logoutWhoseAccessTokenRevokeFailsReportsThatTheGrantEndedAnyway() async throws {
        try await withAuthHarness(loopback: true) { h in
            let token = try await signIn(h, h.server.seed.appUsers[0])
            let refreshToken = try #require(token.refreshToken)
            let app = h.server.seed.oauthClient
            // Once the refresh token's revoke is answered, the next revoke (the access token's)
            // is refused with a permanent 400.
            var session = h.session
            session.interceptors = [FailNextRevoke(server: h.server)]
            let store = CredentialStore(storage: InMemoryTokenStorage(), networkSession: session,
                                        authentication: .oauth(clientId: app.id, clientSecret: app.secret ?? ""))
            let credential = try await store.store(token: token)

            let result = try await credential.logout()

            #expect(!result.revoked)
            #expect(result.grantEnded, "the refresh token was revoked")
            #expect(result.revokeError is PartialRevocationError)
            #expect(try await store.credential(id: credential.id) == nil, "removed locally all the same")
            let statuses = await h.server.requestLog.entries(method: "POST", path: .exact("/oauth2/revoke")).map(\.status)
            #expect(statuses == [200, 400])
            await expectDead(refreshToken, h)
        }
    }

    @Test func aForgedCallbackDoesNotEndTheSignIn() async throws {
        try await withAuthHarness(loopback: true) { h in
            let auth = oauth(h)
            let browser = TestBrowser(user: h.server.seed.appUsers[0], behaviour: .forgedCallbackFirst)
            let token = try await auth.runLoginFlow(options: options(browser))
            h.remember(token)
            rememberRedirect(h, browser)
            #expect(browser.visits.map(\.status) == [400, 200])
            #expect(try await h.currentUserId(auth) == h.server.seed.appUsers[0].id)
            let exchanges = await h.server.requestLog.entries(method: "POST", path: .exact("/oauth2/token"))
            #expect(exchanges.count == 1)
            #expect(exchanges.first?.formParameters["code"] != "forged-code")
        }
    }

    @Test func aUserWhoDeniesAccessGetsAccessDenied() async throws {
        try await withAuthHarness(loopback: true) { h in
            let auth = oauth(h)
            let browser = TestBrowser(user: h.server.seed.adminUser, decision: .deny)
            let error = await #expect(throws: OAuthLoginError.self) {
                try await auth.runLoginFlow(options: options(browser))
            }
            guard case .accessDenied = error else {
                Issue.record("expected accessDenied, got \(String(describing: error))")
                return
            }
            #expect(browser.visits.last?.body.contains("The user denied access") == true)
            #expect(await h.server.requestLog.tokenRequestCount() == 0)
            let port = try listenerPort(browser)
            #expect(await portIsFree(port))
        }
    }

    // The flow's own 300 ms, not the 300 s default: waiting out the default would run into
    // the test's one-minute limit, so no wall-clock bound is needed.
    @Test(.timeLimit(.minutes(10)))
    func aBrowserThatNeverComesBackTimesOut() async throws {
        try await withAuthHarness { h in
            let auth = oauth(h)
            let browser = TestBrowser(user: h.server.seed.adminUser, behaviour: .idle)
            await #expect(throws: OAuthLoginError.timeout) {
                try await auth.runLoginFlow(options: options(browser, timeout: .milliseconds(300)))
            }
            let port = try listenerPort(browser)
            #expect(await portIsFree(port))
        }
    }

    @Test func cancellingTheFlowClosesTheListener() async throws {
        try await withAuthHarness { h in
            let auth = oauth(h)
            let browser = TestBrowser(user: h.server.seed.adminUser, behaviour: .idle)
            let flow = Task { try await auth.runLoginFlow(options: options(browser, timeout: .seconds(60))) }
            await browser.waitUntilOpened()
            let port = try listenerPort(browser)
            #expect(await !portIsFree(port))
            flow.cancel()
            let result = await flow.result
            #expect(throws: OAuthLoginError.cancelled) { try result.get() }
            #expect(await portIsFree(port))
        }
    }

    /// Thrown by an attempt of ``onAnUnclaimedPort(host:_:)`` when another test took its
    /// port; the next port is tried.
    struct PortLost: Error {
        let reason: String
    }

    /// Thrown by ``onAnUnclaimedPort(host:_:)`` when every port it tried was lost.
    struct EveryAttemptFailed: Error, CustomStringConvertible {
        let failures: [String]
        var description: String { "every attempt failed: \(failures)" }
    }

    /// Runs `attempt` with a port found free on `host` (see ``unclaimedPort(host:)``). Tests
    /// running in parallel may take the port between the probe and the attempt's bind, and a
    /// loaded machine may be too slow, so up to five ports are tried while `attempt` throws
    /// ``PortLost``; the error names every attempt.
    func onAnUnclaimedPort<T>(host: String, _ attempt: (_ port: Int) async throws -> T) async throws -> T {
        var failures: [String] = []
        for _ in 0..<5 {
            let port = try await unclaimedPort(host: host)
            do {
                return try await attempt(port)
            } catch let lost as PortLost {
                failures.append("port \(port): \(lost.reason)")
            }
        }
        throw EveryAttemptFailed(failures: failures)
    }

    /// Signs in through a fixed redirect URI `http://<uriHost>:<port>/callback`, with a port
    /// found free on `probeHost` and a browser that comes back through `browserHost`.
    func signInThroughFixedRedirect(
        _ h: AuthTestHarness, probeHost: String, uriHost: String, browserHost: String? = nil
    ) async throws -> (token: AccessToken, browser: TestBrowser, port: Int) {
        let auth = oauth(h)
        return try await onAnUnclaimedPort(host: probeHost) { port in
            let browser = TestBrowser(user: h.server.seed.adminUser, redirectHost: browserHost)
            var flowOptions = options(browser)
            flowOptions.redirectUri = "http://\(uriHost):\(port)/callback"
            do {
                let token = try await auth.runLoginFlow(options: flowOptions)
                h.remember(token)
                rememberRedirect(h, browser)
                return (token, browser, port)
            } catch let error as OAuthLoginError {
                throw PortLost(reason: "\(error)")
            }
        }
    }

    @Test func aFixedRedirectUriIsListenedOn() async throws {
        try await withAuthHarness(loopback: true) { h in
            // A free port, given to the flow through a full redirect URI.
            let (_, browser, port) = try await signInThroughFixedRedirect(h, probeHost: "127.0.0.1", uriHost: "127.0.0.1")
            #expect(try listenerPort(browser) == port)
            #expect(await portIsFree(port))
        }
    }

    @Test(.enabled(if: LoopbackSocket.hasIPv6Loopback, "the machine has no IPv6 loopback"))
    func aLocalhostRedirectIsAnsweredOnTheIPv6LoopbackToo() async throws {
        try await withAuthHarness(loopback: true) { h in
            let (_, browser, _) = try await signInThroughFixedRedirect(
                h, probeHost: "::1", uriHost: "localhost", browserHost: "[::1]")
            // The browser came back through [::1], and the flow took its code.
            #expect(browser.visits.map(\.url).allSatisfy { $0.hasPrefix("http://[::1]:") })
            #expect(browser.visits.last?.status == 200)
        }
    }

    @Test(.enabled(if: LoopbackSocket.hasIPv6Loopback, "the machine has no IPv6 loopback"))
    func aLocalhostRedirectWhoseIPv6PortIsHeldElsewhereIsRefused() async throws {
        try await withAuthHarness { h in
            // Another process listening on [::1]:port would receive the code a browser sends
            // there. The port is one nothing holds on 127.0.0.1 either, chosen below the
            // ephemeral range: a port the kernel picked for the squatter could be held on
            // 127.0.0.1 by another test's server, and then the flow would fail for that reason
            // and the port would stay taken after it.
            try await onAnUnclaimedPort(host: "127.0.0.1") { port in
                guard let squatter = try? await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .bind(host: "::1", port: port).get() else {
                    throw PortLost(reason: "[::1] taken before the squatter bound it")
                }
                let browser = TestBrowser(user: h.server.seed.adminUser)
                var flowOptions = options(browser)
                flowOptions.redirectUri = "http://localhost:\(port)/callback"
                let reason: String?
                do {
                    _ = try await oauth(h).runLoginFlow(options: flowOptions)
                    reason = nil
                } catch OAuthLoginError.listenerFailed(let why) {
                    reason = why
                }
                try await squatter.close().get()
                guard let reason, reason.hasPrefix("[::1]:") else {
                    // The IPv4 bind failed (someone else took 127.0.0.1:port), or the flow
                    // signed in; neither is what this test is about unless it keeps happening.
                    throw PortLost(reason: reason ?? "the flow signed in")
                }
                #expect(reason.hasPrefix("[::1]:\(port) cannot be bound"))
                #expect(browser.openedURLs.isEmpty, "no authorization started")
                // The flow had bound 127.0.0.1:port before it found [::1] taken; it let go.
                #expect(await portIsFree(port))
            }
        }
    }

    // MARK: - Manual flow

    @Test func theManualFlowExchangesTheCodeWithTheKeptPKCEVerifier() async throws {
        try await withAuthHarness { h in
            let auth = oauth(h)
            let redirect = "https://app.example.com/callback"
            let url = try auth.getAuthorizeUrl(options: AuthorizeUrlOptions(
                redirectUri: redirect, scope: "root_readwrite", prompt: "consent",
                extraQueryParameters: ["lang": "en", "state": "ignored"]))
            let query = TestBrowser.queryParameters(of: url.absoluteString)
            #expect(query["client_id"] == h.server.seed.oauthClient.id)
            #expect(query["response_type"] == "code")
            #expect(query["prompt"] == "consent")
            #expect(query["lang"] == "en")
            #expect(query["state"] != "ignored")
            #expect(query["code_challenge_method"] == "S256")

            let browser = TestBrowser(user: h.server.seed.adminUser, followsFinalRedirect: false, pages: h.server.pageTransport)
            try await browser.open(url)
            let location = try #require(browser.finalLocation)
            #expect(location.hasPrefix(redirect))
            let back = TestBrowser.queryParameters(of: location)
            #expect(back["state"] == query["state"])
            let code = try #require(back["code"])
            h.remember(code)

            let updates = auth.tokenUpdates
            let token = try await auth.getTokensAuthorizationCodeGrant(authorizationCode: code)
            h.remember(token)
            var iterator = updates.makeAsyncIterator()
            #expect(await iterator.next() == token)
            #expect(try await auth.config.tokenStorage.get() == token)
            #expect(try await h.currentUserId(auth) == h.server.seed.adminUser.id)
            let exchange = try #require(await h.server.requestLog.entries(method: "POST", path: .exact("/oauth2/token")).first)
            #expect(exchange.formParameters["code_verifier"] != nil)
            #expect(exchange.formParameters["redirect_uri"] == redirect)
        }
    }

    @Test func aCodeExchangedWithTheWrongVerifierIsRefused() async throws {
        try await withAuthHarness { h in
            let auth = oauth(h)
            let pkce = PKCE()
            h.remember(pkce.verifier)
            let url = try auth.getAuthorizeUrl(options: AuthorizeUrlOptions(
                redirectUri: "https://app.example.com/callback", codeVerifier: pkce.verifier))
            #expect(TestBrowser.queryParameters(of: url.absoluteString)["code_challenge"] == pkce.challenge)
            let browser = TestBrowser(user: h.server.seed.adminUser, followsFinalRedirect: false, pages: h.server.pageTransport)
            try await browser.open(url)
            let location = try #require(browser.finalLocation)
            let code = try #require(TestBrowser.queryParameters(of: location)["code"])
            h.remember(code)
            let wrong = PKCE().verifier
            h.remember(wrong)
            let error = await #expect(throws: BoxAPIError.self) {
                try await auth.getTokensAuthorizationCodeGrant(authorizationCode: code, codeVerifier: wrong)
            }
            #expect(error?.code == "invalid_grant")
            #expect(error.map { String(describing: $0) }?.contains(code) == false)
            #expect(try await auth.config.tokenStorage.get() == nil)
        }
    }

    // MARK: - Tokens after sign-in

    @Test func refreshingRotatesTheRefreshTokenAndTheOldOneStopsWorking() async throws {
        try await withAuthHarness(loopback: true) { h in
            let auth = oauth(h)
            let browser = TestBrowser(user: h.server.seed.adminUser)
            let first = try await auth.runLoginFlow(options: options(browser))
            rememberRedirect(h, browser)
            h.remember(first)
            let updates = auth.tokenUpdates
            let second = try await auth.refreshToken()
            h.remember(second)
            #expect(second.accessToken != first.accessToken)
            #expect(second.refreshToken != first.refreshToken)
            var iterator = updates.makeAsyncIterator()
            #expect(await iterator.next() == second)
            #expect(try await auth.config.tokenStorage.get() == second)
            #expect(try await h.currentUserId(auth) == h.server.seed.adminUser.id)
            let refreshes = await h.server.requestLog.entries(method: "POST", path: .exact("/oauth2/token"))
                .filter { $0.grantType == "refresh_token" }
            #expect(refreshes.count == 1)

            // Someone still holding the first pair cannot use its refresh token any more.
            let stale = oauth(h, storage: InMemoryTokenStorage(token: first))
            let error = await #expect(throws: BoxSDKError.self) { try await stale.refreshToken() }
            #expect(error?.kind == .signInRequired)
            #expect((error?.underlying as? BoxAPIError)?.code == "invalid_grant")
        }
    }

    @Test func aRotatedRefreshTokenPresentedAgainRevokesTheTokensIssuedFromIt() async throws {
        try await withAuthHarness(loopback: true) { h in
            let auth = oauth(h)
            let browser = TestBrowser(user: h.server.seed.adminUser)
            let first = try await auth.runLoginFlow(options: options(browser))
            rememberRedirect(h, browser)
            h.remember(first)
            let second = try await auth.refreshToken()
            h.remember(second)
            #expect(try await h.statusWithRawToken(try #require(second.accessToken)) == 200)

            // A copy of the first pair is used after the rightful client rotated it.
            let copy = oauth(h, storage: InMemoryTokenStorage(token: first))
            _ = await #expect(throws: BoxSDKError.self) { try await copy.refreshToken() }

            // Which holder is the thief cannot be told: the whole grant is dead (RFC 9700 §4.14.2).
            #expect(try await h.statusWithRawToken(try #require(second.accessToken)) == 401)
            let error = await #expect(throws: BoxSDKError.self) { try await auth.refreshToken() }
            #expect(error?.kind == .signInRequired)
            #expect((error?.underlying as? BoxAPIError)?.code == "invalid_grant")
        }
    }

    @Test func anInjectedTokenIsUsedAndRefreshedWhenItExpires() async throws {
        try await withAuthHarness(loopback: true) { h in
            let (original, storage) = try await signInThenExpire(h, h.server.seed.appUsers[1])
            let resumed = oauth(h, storage: storage)
            #expect(try await h.currentUserId(resumed) == h.server.seed.appUsers[1].id)
            let renewed = try #require(await storage.get())
            h.remember(renewed)
            #expect(renewed.accessToken != original.accessToken)
            #expect(await h.server.requestLog.tokenRequestCount(grantType: "refresh_token") == 1)
        }
    }

    @Test func revokingDuringARefreshRevokesTheTokenTheRefreshRotatedTo() async throws {
        try await withAuthHarness(loopback: true) { h in
            let (_, storage) = try await signInThenExpire(h, h.server.seed.appUsers[1])
            let auth = oauth(h, storage: storage)
            _ = await h.server.faults.inject(.delay(.seconds(1)), method: "POST", path: .exact("/oauth2/token"), count: 1)

            let refreshing = Task { try await auth.retrieveToken() }
            await h.server.requestLog.waitUntil { $0.contains { $0.path == "/oauth2/token" && $0.grantType == "refresh_token" } }
            try #require(await h.server.requestLog.tokenRequestCount(grantType: "refresh_token") == 1,
                         "the refresh reached the server")
            try await auth.revokeToken(networkSession: nil)
            // Had the revoke not waited, it would have ended the grant under the held refresh,
            // which would then fail with invalid_grant.
            let rotated = try await refreshing.value
            h.remember(rotated)

            #expect(await storage.get() == nil)
            await expectDead(rotated.refreshToken, h)
        }
    }

    @Test func revokingEndsTheGrantAndClearsTheStorage() async throws {
        try await withAuthHarness(loopback: true) { h in
            let auth = oauth(h)
            let browser = TestBrowser(user: h.server.seed.adminUser)
            let token = try await auth.runLoginFlow(options: options(browser))
            rememberRedirect(h, browser)
            h.remember(token)
            try await auth.revokeToken()
            #expect(try await auth.config.tokenStorage.get() == nil)
            #expect(try await h.statusWithRawToken(try #require(token.accessToken)) == 401)
            let error = await #expect(throws: BoxSDKError.self) { try await auth.retrieveToken() }
            #expect(error?.kind == .signInRequired)
        }
    }
}

/// Refuses the revoke that follows the first answered one, as a server would refuse a
/// malformed request: a permanent 400.
private struct FailNextRevoke: RequestInterceptor {
    let server: BoxLikeServer
    /// Revokes go to the token endpoints, which interceptors see only when they ask.
    let interceptsTokenRequests = true

    func didReceive(_ response: InterceptedResponse) async {
        if response.url.contains("/oauth2/revoke"), response.status == 200 {
            _ = await server.faults.inject(.status(400), method: "POST", path: .exact("/oauth2/revoke"), count: 1)
        }
    }
}
