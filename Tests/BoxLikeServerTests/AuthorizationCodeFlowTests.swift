import Crypto
import Foundation
import Testing
@testable import BoxLikeServer

@Suite("Authorization code flow through the browser pages")
struct AuthorizationCodeFlowTests {
    static func s256(_ verifier: String) -> String {
        PKCE.base64URL(Data(SHA256.hash(data: Array(verifier.utf8))))
    }

    let verifier = "verifier-" + String(repeating: "abcdefghij", count: 5)

    @Test func loginConsentAndPKCES256YieldTokensThatWork() async throws {
        try await withTestServer { server in
            let client = server.seed.oauthClient
            let location = try await BrowserLogin(server: server).run(
                authorizeQuery: [
                    ("response_type", "code"), ("client_id", client.id), ("redirect_uri", "http://127.0.0.1:53123/callback"),
                    ("state", "xyz state"), ("code_challenge", Self.s256(verifier)), ("code_challenge_method", "S256"),
                ],
                login: server.seed.appUsers[0].login, password: server.seed.appUsers[0].password)
            #expect(location.port == 53123)
            #expect(location.query("state") == "xyz state")
            let code = try #require(location.query("code"))
            let tokens = try await server.token([
                ("grant_type", "authorization_code"), ("code", code), ("client_id", client.id), ("client_secret", client.secret ?? ""),
                ("redirect_uri", "http://127.0.0.1:53123/callback"), ("code_verifier", verifier),
            ])
            #expect(tokens.status == 200)
            #expect(tokens.json?["token_type"] == "bearer")
            #expect(tokens.json?["refresh_token"]?.stringValue != nil)
            let access = try #require(tokens.json?["access_token"]?.stringValue)
            let me = try await server.api(.GET, "/users/me", token: access)
            #expect(me.json?["id"]?.stringValue == server.seed.appUsers[0].id)
            let logged = await server.requestLog.entries(usingToken: access)
            #expect(logged.contains { $0.path == "/2.0/users/me" })
            let tokenRequests = await server.requestLog.entries(path: .exact("/oauth2/token"))
            #expect(tokenRequests.first?.formParameters["code_verifier"] == "***")
            #expect(tokenRequests.first?.formParameters["code"] == "***")
            #expect(await server.requestLog.tokenRequestCount(grantType: "authorization_code") == 1)
        }
    }

    static var allowingPlainPKCE: BoxLikeServerConfiguration {
        var configuration = BoxLikeServerConfiguration()
        configuration.allowsPlainPKCE = true
        return configuration
    }

    @Test func plainPKCEWorksForThePublicClientWhenConfigured() async throws {
        try await withTestServer(Self.allowingPlainPKCE) { server in
            let client = server.seed.publicClient
            let location = try await BrowserLogin(server: server).run(
                authorizeQuery: [
                    ("response_type", "code"), ("client_id", client.id), ("redirect_uri", "http://[::1]:4000/callback"),
                    ("code_challenge", verifier), ("code_challenge_method", "plain"),
                ],
                login: server.seed.adminUser.login, password: server.seed.adminUser.password)
            let code = try #require(location.query("code"))
            let tokens = try await server.token([
                ("grant_type", "authorization_code"), ("code", code), ("client_id", client.id),
                ("redirect_uri", "http://[::1]:4000/callback"), ("code_verifier", verifier),
            ])
            #expect(tokens.status == 200)
        }
    }

    @Test(arguments: ["S256", "plain"])
    func wrongOrMissingVerifierIsInvalidGrant(method: String) async throws {
        try await withTestServer(Self.allowingPlainPKCE) { server in
            let client = server.seed.oauthClient
            for sentVerifier in [Optional("wrong-" + verifier), nil] {
                let location = try await BrowserLogin(server: server).run(
                    authorizeQuery: [
                        ("response_type", "code"), ("client_id", client.id), ("redirect_uri", "https://app.example.com/callback"),
                        ("code_challenge", method == "S256" ? Self.s256(verifier) : verifier), ("code_challenge_method", method),
                    ],
                    login: server.seed.adminUser.login, password: server.seed.adminUser.password)
                var pairs = [
                    ("grant_type", "authorization_code"), ("code", location.query("code") ?? ""), ("client_id", client.id),
                    ("client_secret", client.secret ?? ""), ("redirect_uri", "https://app.example.com/callback"),
                ]
                if let sentVerifier { pairs.append(("code_verifier", sentVerifier)) }
                let result = try await server.token(pairs)
                #expect(result.status == 400)
                #expect(result.json?["error"] == "invalid_grant")
            }
        }
    }

    @Test func plainPKCEIsRefusedByDefault() async throws {
        try await withTestServer { server in
            let query = [
                ("response_type", "code"), ("client_id", server.seed.oauthClient.id),
                ("redirect_uri", "https://app.example.com/callback"), ("state", "st"),
                ("code_challenge", verifier), ("code_challenge_method", "plain"),
            ].map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
                .joined(separator: "&")
            let answer = try await server.send(.GET, server.authorizeURL + "?" + query)
            #expect(answer.status == 302)
            let location = try #require(URLComponents(string: answer.header("location") ?? ""))
            let error = location.queryItems?.first { $0.name == "error" }?.value
            #expect(error == "invalid_request")
        }
    }

    @Test func aVerifierForACodeIssuedWithoutAChallengeIsInvalidGrant() async throws {
        try await withTestServer { server in
            let client = server.seed.oauthClient
            // The challenge was stripped from the authorization request (a downgrade).
            let location = try await BrowserLogin(server: server).run(
                authorizeQuery: [
                    ("response_type", "code"), ("client_id", client.id), ("redirect_uri", "https://app.example.com/callback"),
                ],
                login: server.seed.adminUser.login, password: server.seed.adminUser.password)
            let result = try await server.token([
                ("grant_type", "authorization_code"), ("code", location.query("code") ?? ""), ("client_id", client.id),
                ("client_secret", client.secret ?? ""), ("redirect_uri", "https://app.example.com/callback"),
                ("code_verifier", verifier),
            ])
            #expect(result.status == 400)
            #expect(result.json?["error"] == "invalid_grant")
        }
    }

    @Test func reusingACodeFailsAndRevokesItsTokens() async throws {
        try await withTestServer { server in
            let client = server.seed.oauthClient
            let location = try await BrowserLogin(server: server).run(
                authorizeQuery: [("response_type", "code"), ("client_id", client.id), ("redirect_uri", "https://app.example.com/callback")],
                login: server.seed.adminUser.login, password: server.seed.adminUser.password)
            let pairs = [
                ("grant_type", "authorization_code"), ("code", location.query("code") ?? ""), ("client_id", client.id),
                ("client_secret", client.secret ?? ""), ("redirect_uri", "https://app.example.com/callback"),
            ]
            let first = try await server.token(pairs)
            let access = try #require(first.json?["access_token"]?.stringValue)
            #expect(try await server.api(.GET, "/users/me", token: access).status == 200)
            let second = try await server.token(pairs)
            #expect(second.status == 400)
            #expect(second.json?["error"] == "invalid_grant")
            let afterReuse = try await server.api(.GET, "/users/me", token: access)
            #expect(afterReuse.status == 401)
        }
    }

    @Test func denyRedirectsWithAccessDeniedAndState() async throws {
        try await withTestServer { server in
            let location = try await BrowserLogin(server: server).run(
                authorizeQuery: [
                    ("response_type", "code"), ("client_id", server.seed.oauthClient.id),
                    ("redirect_uri", "https://app.example.com/callback"), ("state", "s1"),
                ],
                login: server.seed.adminUser.login, password: server.seed.adminUser.password, grant: false)
            #expect(location.host == "app.example.com")
            #expect(location.query("error") == "access_denied")
            #expect(location.query("state") == "s1")
            #expect(location.query("code") == nil)
        }
    }

    @Test func unknownClientOrRedirectURIShowsAnErrorPageNotARedirect() async throws {
        try await withTestServer { server in
            let unknownClient = try await server.send(.GET, server.authorizeURL + "?response_type=code&client_id=nope&redirect_uri=https%3A%2F%2Fevil.example%2Fcb")
            #expect(unknownClient.status == 400)
            #expect(unknownClient.header("location") == nil)
            #expect(unknownClient.text.contains("invalid_client"))
            let badRedirect = try await server.send(
                .GET, server.authorizeURL + "?response_type=code&client_id=\(server.seed.oauthClient.id)&redirect_uri=https%3A%2F%2Fevil.example%2Fcb")
            #expect(badRedirect.status == 400)
            #expect(badRedirect.header("location") == nil)
        }
    }

    @Test func otherAuthorizeErrorsRedirectToTheClient() async throws {
        try await withTestServer { server in
            let base = server.authorizeURL + "?client_id=\(server.seed.oauthClient.id)&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcallback&state=st"
            let unsupported = try await server.send(.GET, base + "&response_type=token")
            #expect(unsupported.status == 302)
            let unsupportedLocation = try #require(URLComponents(string: unsupported.header("location") ?? ""))
            #expect(unsupportedLocation.query("error") == "unsupported_response_type")
            #expect(unsupportedLocation.query("state") == "st")
            let badScope = try await server.send(.GET, base + "&response_type=code&scope=root_readwrite%20fly_to_moon")
            let scopeLocation = try #require(URLComponents(string: badScope.header("location") ?? ""))
            #expect(scopeLocation.query("error") == "invalid_scope")
        }
    }

    @Test func wrongPasswordShowsTheLoginFormAgain() async throws {
        try await withTestServer { server in
            let page = try await server.send(
                .GET, server.authorizeURL + "?response_type=code&client_id=\(server.seed.oauthClient.id)&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcallback")
            let form = try #require(BrowserLogin.parseForm(page.text))
            let again = try await BrowserLogin(server: server).submit(
                form, fields: [("login", server.seed.adminUser.login), ("password", "nope")], button: form.submits.first)
            #expect(again.text.contains("Invalid login or password"))
            #expect(BrowserLogin.parseForm(again.text)?.action == "/oauth2/authorize/login")
        }
    }

    @Test func expiredCodesAreInvalidGrant() async throws {
        let clock = ManualServerClock()
        var configuration = BoxLikeServerConfiguration()
        configuration.clock = .manual(clock)
        configuration.authorizationCodeLifetime = .seconds(30)
        try await withTestServer(configuration) { server in
            let client = server.seed.oauthClient
            let location = try await BrowserLogin(server: server).run(
                authorizeQuery: [("response_type", "code"), ("client_id", client.id), ("redirect_uri", "https://app.example.com/callback")],
                login: server.seed.adminUser.login, password: server.seed.adminUser.password)
            await clock.advance(by: .seconds(31))
            let result = try await server.token([
                ("grant_type", "authorization_code"), ("code", location.query("code") ?? ""), ("client_id", client.id),
                ("client_secret", client.secret ?? ""), ("redirect_uri", "https://app.example.com/callback"),
            ])
            #expect(result.json?["error"] == "invalid_grant")
        }
    }

    @Test func configurationDescriptionsHideSecrets() {
        let configuration = BoxLikeServerConfiguration()
        #expect(!configuration.description.contains(configuration.oauthClient.secret ?? "-"))
        #expect(!configuration.description.contains(configuration.ccgClient.secret ?? "-"))
        #expect(configuration.description.contains(configuration.oauthClient.id))
    }

    @Test func loopbackRedirectPortMayVaryButPathMayNot() {
        let registered = ["http://127.0.0.1/callback", "http://[::1]/callback"]
        #expect(RedirectURIMatcher.matches("http://127.0.0.1:9999/callback", registered: registered))
        #expect(RedirectURIMatcher.matches("http://[::1]:1234/callback", registered: registered))
        #expect(!RedirectURIMatcher.matches("http://127.0.0.1:9999/other", registered: registered))
        #expect(!RedirectURIMatcher.matches("http://localhost:9999/callback", registered: registered))
        #expect(!RedirectURIMatcher.matches("https://127.0.0.1:9999/callback", registered: registered))
    }

    @Test func aRegisteredLocalhostRedirectMayUseAnyPortButOnlyForLocalhost() {
        let registered = ["http://localhost:8080/callback"]
        #expect(RedirectURIMatcher.matches("http://localhost:41234/callback", registered: registered))
        #expect(RedirectURIMatcher.matches("http://LocalHost:41234/callback", registered: registered))
        #expect(!RedirectURIMatcher.matches("http://127.0.0.1:41234/callback", registered: registered))
        #expect(!RedirectURIMatcher.matches("http://localhost:41234/other", registered: registered))
    }
}
