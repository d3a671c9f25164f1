import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// A web app's own sign-in: the authorization URL, the redirect it gets back, and the code
/// exchange, with `state` and PKCE binding each redirect to its request.
@Suite struct AuthManualFlowTests {
    static let redirectUri = "https://app.example.com/callback"

    private func oauth(_ h: AuthTestHarness) -> BoxOAuth {
        let client = h.server.seed.oauthClient
        h.remember(client.secret)
        return BoxOAuth(config: OAuthConfig(clientId: client.id, clientSecret: client.secret ?? ""),
                        networkSession: h.session, logger: h.authLogger)
    }

    /// Plays the user on the server's pages and returns the redirect the server sends back.
    private func signIn(_ h: AuthTestHarness, at url: URL) async throws -> URL {
        let browser = TestBrowser(user: h.server.seed.adminUser, followsFinalRedirect: false, pages: h.server.pageTransport)
        try await browser.open(url)
        let location = try #require(browser.finalLocation)
        h.remember(TestBrowser.queryParameters(of: location)["code"])
        return try #require(URL(string: location))
    }

    @Test func twoSignInsInFlightEachExchangeTheirCodeWithTheirOwnVerifier() async throws {
        try await withAuthHarness { h in
            let auth = oauth(h)
            let first = try auth.makeAuthorizationRequest(options: AuthorizeUrlOptions(redirectUri: Self.redirectUri))
            let second = try auth.makeAuthorizationRequest(options: AuthorizeUrlOptions(redirectUri: Self.redirectUri))
            h.remember(first.codeVerifier, second.codeVerifier)
            #expect(first.state != second.state)
            let firstRedirect = try await signIn(h, at: first.url)
            let secondRedirect = try await signIn(h, at: second.url)

            let secondToken = try await auth.getTokensFromRedirect(secondRedirect)
            h.remember(secondToken)
            let firstToken = try await auth.getTokensFromRedirect(firstRedirect)
            h.remember(firstToken)

            #expect(firstToken.accessToken != secondToken.accessToken)
            #expect(await h.server.requestLog.tokenRequestCount(grantType: "authorization_code") == 2)
            #expect(try await h.currentUserId(auth) == h.server.seed.adminUser.id)
            h.expectNoSecretsLogged()
        }
    }

    @Test func aRedirectWithAnUnknownStateIsRefusedWithoutAskingTheServer() async throws {
        try await withAuthHarness { h in
            let auth = oauth(h)
            let request = try auth.makeAuthorizationRequest(options: AuthorizeUrlOptions(redirectUri: Self.redirectUri))
            h.remember(request.codeVerifier)
            let genuine = try await signIn(h, at: request.url)
            let code = try #require(URLComponents(url: genuine, resolvingAgainstBaseURL: false)?
                .queryItems?.first { $0.name == "code" }?.value)
            let forged = try #require(URL(string: "\(Self.redirectUri)?code=\(code)&state=forged-state"))

            await #expect(throws: OAuthLoginError.stateMismatch) { try await auth.getTokensFromRedirect(forged) }
            await #expect(throws: OAuthLoginError.stateMismatch) {
                try await auth.getTokensAuthorizationCodeGrant(authorizationCode: code, state: "forged-state")
            }
            #expect(await h.server.requestLog.tokenRequestCount() == 0)

            let token = try await auth.getTokensFromRedirect(genuine)
            h.remember(token)
            #expect(token.accessToken != nil, "the genuine redirect still completes the sign-in")
        }
    }

    @Test func aStateIsGoodForOneExchange() async throws {
        try await withAuthHarness { h in
            let auth = oauth(h)
            let request = try auth.makeAuthorizationRequest(options: AuthorizeUrlOptions(redirectUri: Self.redirectUri))
            h.remember(request.codeVerifier)
            let redirect = try await signIn(h, at: request.url)
            h.remember(try await auth.getTokensFromRedirect(redirect))
            await #expect(throws: OAuthLoginError.stateMismatch) { try await auth.getTokensFromRedirect(redirect) }
        }
    }

    @Test func aDeniedRedirectIsReportedAsAccessDenied() async throws {
        try await withAuthHarness { h in
            let auth = oauth(h)
            let request = try auth.makeAuthorizationRequest(options: AuthorizeUrlOptions(redirectUri: Self.redirectUri))
            let denied = try #require(URL(string: "\(Self.redirectUri)?error=access_denied&state=\(request.state)"))
            await #expect(throws: OAuthLoginError.accessDenied(description: nil)) {
                try await auth.getTokensFromRedirect(denied)
            }
        }
    }

    @Test func anExchangeWithoutStateNeedsItWhenSeveralSignInsArePending() async throws {
        try await withAuthHarness { h in
            let auth = oauth(h)
            _ = try auth.makeAuthorizationRequest(options: AuthorizeUrlOptions(redirectUri: Self.redirectUri))
            _ = try auth.makeAuthorizationRequest(options: AuthorizeUrlOptions(redirectUri: Self.redirectUri))
            let error = await #expect(throws: BoxSDKError.self) {
                try await auth.getTokensAuthorizationCodeGrant(authorizationCode: "some-code")
            }
            #expect(error?.kind == .invalidArgument)
            #expect(await h.server.requestLog.tokenRequestCount() == 0)
        }
    }

    @Test(arguments: [
        "too-short",
        String(repeating: "a", count: 129),
        String(repeating: "a", count: 42) + "é",
        String(repeating: "a", count: 42) + "+",
        String(repeating: "a", count: 42) + " ",
    ])
    func verifiersBreakingRFC7636AreRefused(verifier: String) {
        #expect(throws: BoxSDKError.self) { try PKCE(verifier: verifier) }
    }

    @Test func verifiersAtRFC7636sLimitsAreAccepted() throws {
        #expect(try PKCE(verifier: String(repeating: "A", count: 43)).verifier.count == 43)
        #expect(try PKCE(verifier: String(repeating: "-._~", count: 32)).verifier.count == 128)
    }

    @Test func anAuthorizationRequestsDescriptionAndDumpHideTheVerifier() throws {
        let request = AuthorizationRequest(url: URL(fileURLWithPath: "/authorize"), state: "st",
                                           codeVerifier: "VERIFIER-S3CRET", redirectUri: nil)
        var dumped = ""
        dump(request, to: &dumped)
        #expect(!dumped.contains("S3CRET"))
        #expect(!String(describing: request).contains("S3CRET"))
    }
}
