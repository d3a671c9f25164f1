import Foundation
import Hummingbird

/// The browser part of the authorization-code flow: login page, consent page, redirect.
struct AuthorizeRoutes {
    let services: ServerServices

    /// The login and consent forms' targets; the authorize page itself is the spec's
    /// `authorizeUser`, served through ``TokenRoutes``.
    func registerPages(on router: BoxRouter) {
        router.post("/oauth2/authorize/login") { request, _ in try await self.login(request) }
        router.post("/oauth2/authorize/consent") { request, _ in try await self.consent(request) }
    }

    private func errorPage(_ code: String, _ description: String) -> Response {
        Responses.html(AuthorizePages.error(code, description), status: .badRequest)
    }

    func authorize(_ request: Request) async throws -> Response {
        let query = FormData.dictionary(request.uri.query ?? "")
        guard let clientId = query["client_id"], !clientId.isEmpty else {
            return errorPage("invalid_request", "client_id is missing")
        }
        guard let client = services.clients[clientId] else {
            return errorPage("invalid_client", "client_id is not registered")
        }
        let redirectURI: String
        if let given = query["redirect_uri"], !given.isEmpty {
            guard RedirectURIMatcher.matches(given, registered: client.redirectURIs) else {
                return errorPage("invalid_request", "redirect_uri does not match a registered redirect URI")
            }
            redirectURI = given
        } else if let first = client.redirectURIs.first {
            // Box sends the user back to the app's first configured redirect URI when the
            // request names none.
            redirectURI = first
        } else {
            return errorPage("invalid_request", "redirect_uri is missing")
        }
        let state = query["state"]
        func fail(_ error: String, _ description: String) -> Response {
            Responses.redirect(to: RedirectURIMatcher.appending(
                [("error", error), ("error_description", description), ("state", state)], to: redirectURI))
        }
        guard let responseType = query["response_type"], !responseType.isEmpty else {
            return fail("invalid_request", "response_type is missing")
        }
        guard responseType == "code" else { return fail("unsupported_response_type", "Only response_type=code is supported") }
        guard client.grantTypes.contains(.authorizationCode) else {
            return fail("unauthorized_client", "The client may not use the authorization code grant")
        }
        var scopes = Scope.all
        if let requested = query["scope"], !requested.isEmpty {
            let names = Set(requested.split(separator: " ").map(String.init))
            guard names.isSubset(of: Scope.all) else { return fail("invalid_scope", "Unknown scope requested") }
            scopes = names
        }
        let challenge = query["code_challenge"].flatMap { $0.isEmpty ? nil : $0 }
        var method = query["code_challenge_method"].flatMap { $0.isEmpty ? nil : $0 }
        if challenge == nil && method != nil { return fail("invalid_request", "code_challenge is missing") }
        if challenge != nil {
            method = method ?? "plain"
            let allowed = services.configuration.allowsPlainPKCE ? ["S256", "plain"] : ["S256"]
            guard let method, allowed.contains(method) else {
                return fail("invalid_request", "code_challenge_method must be \(allowed.joined(separator: " or "))")
            }
        }
        if client.secret == nil && challenge == nil {
            return fail("invalid_request", "Public clients must use PKCE")
        }
        let session = TokenRegistry.AuthorizeSession(
            id: TokenRegistry.randomToken(), clientId: clientId, redirectURI: redirectURI,
            redirectURIWasGiven: query["redirect_uri"]?.isEmpty == false, state: state, scopes: scopes,
            challenge: challenge, challengeMethod: method, userId: nil, expiresAt: services.configuration.clock.now().addingTimeInterval(600))
        await services.tokens.storeSession(session)
        return Responses.html(AuthorizePages.login(session: session.id, clientId: clientId))
    }

    private func form(_ request: Request) async throws -> [String: String] {
        var request = request
        let body = try await request.collectBody(upTo: 64 * 1024)
        return FormData.dictionary(String(buffer: body))
    }

    private func login(_ request: Request) async throws -> Response {
        let form = try await form(request)
        guard let sessionId = form["session"], var session = await services.tokens.session(sessionId) else {
            return errorPage("invalid_request", "The login session is unknown or has expired")
        }
        let login = form["login"] ?? ""
        let password = form["password"] ?? ""
        // An unknown login is compared too, so the answer's timing does not tell which logins exist.
        let user = await services.state.user(login: login)
        guard SecretComparison.equal(password, user?.password ?? "\u{0}unknown login"), let user else {
            return Responses.html(AuthorizePages.login(session: sessionId, clientId: session.clientId, error: "Invalid login or password"))
        }
        session.userId = user.id
        await services.tokens.storeSession(session)
        return Responses.html(AuthorizePages.consent(
            session: sessionId, clientId: session.clientId, userName: user.name, scopes: session.scopes.sorted()))
    }

    private func consent(_ request: Request) async throws -> Response {
        let form = try await form(request)
        guard let sessionId = form["session"], let session = await services.tokens.session(sessionId),
              let userId = session.userId
        else {
            return errorPage("invalid_request", "The consent session is unknown, expired or not logged in")
        }
        await services.tokens.completeSession(sessionId)
        guard form["consent"]?.lowercased() == "grant" else {
            return Responses.redirect(to: RedirectURIMatcher.appending(
                [("error", "access_denied"), ("error_description", "The user denied access"), ("state", session.state)],
                to: session.redirectURI))
        }
        let code = TokenRegistry.AuthorizationCode(
            value: TokenRegistry.randomToken(), clientId: session.clientId,
            redirectURI: session.redirectURIWasGiven ? session.redirectURI : nil, userId: userId, scopes: session.scopes,
            challenge: session.challenge, challengeMethod: session.challengeMethod,
            expiresAt: services.configuration.clock.now().addingTimeInterval(services.configuration.authorizationCodeLifetime.seconds))
        await services.tokens.storeCode(code)
        return Responses.redirect(to: RedirectURIMatcher.appending([("code", code.value), ("state", session.state)], to: session.redirectURI))
    }
}
