import Foundation
import NIOHTTP1
import Testing
@testable import BoxLikeSDK

/// PKCE values, token descriptions and the loopback listener's decisions, without a server.
@Suite struct AuthPKCEAndRedirectTests {
    @Test func theS256ChallengeMatchesRFC7636AppendixB() throws {
        let pkce = try PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test func aRandomVerifierIs43Base64URLCharactersAndNeverRepeats() {
        let first = PKCE()
        let second = PKCE()
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        #expect(first.verifier.count == 43)
        #expect(first.verifier.unicodeScalars.allSatisfy { allowed.contains($0) })
        #expect(first.verifier != second.verifier)
        #expect(!String(describing: first).contains(first.verifier))
    }

    @Test func tokenAndConfigDescriptionsHideSecrets() {
        let token = AccessToken(accessToken: "secret-access", expiresIn: 60, refreshToken: "secret-refresh")
        let texts = [String(describing: token), String(reflecting: token),
                     String(describing: OAuthConfig(clientId: "id", clientSecret: "secret-client")),
                     String(describing: CCGConfig(clientId: "id", clientSecret: "secret-client", enterpriseId: "1")),
                     String(describing: DeveloperTokenConfig(clientId: "id", clientSecret: "secret-client"))]
        for text in texts {
            #expect(!text.contains("secret-"), "\(text)")
        }
    }

    @Test func anExpiredAccessTokenRoundTripsThroughCodable() throws {
        let token = AccessToken(accessToken: "a", expiresIn: 10,
                                restrictedTo: [.init(scope: "item_preview", objectType: "file", objectId: "1")],
                                refreshToken: "r", scopes: ["item_preview"])
        let decoded = try JSONDecoder().decode(AccessToken.self, from: JSONEncoder().encode(token))
        #expect(decoded == token)
    }

    let route = RedirectRoute(path: "/callback", expectedState: "s1") { _ in }

    @Test func theRedirectWithTheRightStateYieldsTheCode() throws {
        let reply = route.reply(method: .GET, uri: "/callback?code=abc%2B1&state=s1")
        #expect(reply.status == .ok)
        guard case .code(let code) = reply.outcome else {
            Issue.record("expected a code, got \(String(describing: reply.outcome))")
            return
        }
        #expect(code == "abc+1")
    }

    @Test func otherPathsAndMethodsAreIgnored() {
        #expect(route.reply(method: .GET, uri: "/favicon.ico").status == .notFound)
        #expect(route.reply(method: .GET, uri: "/favicon.ico").outcome == nil)
        #expect(route.reply(method: .POST, uri: "/callback?code=a&state=s1").status == .methodNotAllowed)
        #expect(route.reply(method: .POST, uri: "/callback?code=a&state=s1").outcome == nil)
    }

    @Test func aWrongOrMissingStateIsRefusedWithoutEndingTheFlow() {
        for uri in ["/callback?code=a&state=other", "/callback?code=a", "/callback?error=access_denied&state=x",
                    "/callback?code=a&state=s", "/callback?code=a&state=s1x"] {
            let reply = route.reply(method: .GET, uri: uri)
            #expect(reply.status == .badRequest, "\(uri)")
            #expect(reply.outcome == nil, "\(uri) must not end the flow")
        }
    }

    @Test func statesAreComparedWhole() {
        #expect(RedirectRoute.constantTimeEquals("s1", "s1"))
        #expect(!RedirectRoute.constantTimeEquals("s1", "s2"))
        #expect(!RedirectRoute.constantTimeEquals("s", "s1"))
        #expect(!RedirectRoute.constantTimeEquals("s1\u{0}", "s1"))
        #expect(!RedirectRoute.constantTimeEquals("", "s1"))
    }

    @Test func deniedAccessAndOtherErrorsAreReportedWithTheirDescription() {
        let denied = route.reply(method: .GET, uri: "/callback?error=access_denied&error_description=The+user+said+no&state=s1")
        guard case .failure(.accessDenied(let description)) = denied.outcome else {
            Issue.record("expected accessDenied")
            return
        }
        #expect(description == "The user said no")
        let other = route.reply(method: .GET, uri: "/callback?error=invalid_scope&state=s1")
        guard case .failure(.oauthError(let code, _)) = other.outcome else {
            Issue.record("expected oauthError")
            return
        }
        #expect(code == "invalid_scope")
    }

    @Test func pagesEscapeWhatTheQueryCarries() {
        let page = RedirectRoute.page(title: "t", message: "<script>alert(1)</script>")
        #expect(!page.contains("<script>"))
        #expect(page.contains("&lt;script&gt;"))
    }
}

extension RedirectOutcome: CustomStringConvertible {
    public var description: String {
        switch self {
        case .code: "code"
        case .failure(let error): "failure(\(error))"
        }
    }
}
