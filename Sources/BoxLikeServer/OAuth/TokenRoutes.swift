import BoxLikeJSON
import HTTPTypes
import Foundation
import Hummingbird

/// The `authorization` manager: `POST /oauth2/token`, `POST /oauth2/revoke`, and the authorize
/// page, whose browser steps are ``AuthorizeRoutes``'.
struct TokenRoutes: AuthorizationOperations {
    let services: ServerServices
    static let accessTokenType = "urn:ietf:params:oauth:token-type:access_token"

    /// `POST /oauth2/token`: every grant Box's token endpoint takes; errors are OAuth 2.0's.
    func requestAccessToken(_ input: PublicOperationInput) async throws -> Response {
        do {
            return try await token(input.request)
        } catch let error as OAuthError {
            return error.response
        }
    }

    /// `POST /oauth2/revoke`.
    func revokeAccessToken(_ input: PublicOperationInput) async throws -> Response {
        do {
            return try await revoke(input.request)
        } catch let error as OAuthError {
            return error.response
        }
    }

    private func form(_ request: Request) async throws -> [String: String] {
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true else {
            throw OAuthError.invalidRequest("The body must be application/x-www-form-urlencoded")
        }
        var request = request
        let body = try await request.collectBody(upTo: 64 * 1024)
        return FormData.dictionary(String(buffer: body))
    }

    /// Authenticates the client from HTTP Basic or the body; `nil` when none was presented and
    /// `optional` allows that.
    private func authenticateClient(_ request: Request, _ form: [String: String], optional: Bool = false) throws -> RegisteredClient? {
        var id = form["client_id"]
        var secret = form["client_secret"]
        var usedBasic = false
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("basic ") {
            guard let decoded = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
                  let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
            else { throw OAuthError.invalidClient("Malformed Basic credentials", basic: true) }
            id = FormData.decode(String(text[..<colon]))
            secret = FormData.decode(String(text[text.index(after: colon)...]))
            usedBasic = true
        } else if services.configuration.requiresBasicClientAuthentication, form["client_secret"] != nil {
            throw OAuthError.invalidClient("This server accepts client credentials only with HTTP Basic", basic: true)
        }
        guard let id, !id.isEmpty else {
            if optional { return nil }
            throw OAuthError.invalidClient("The client credentials are missing", basic: usedBasic)
        }
        guard let client = services.clients[id] else {
            throw OAuthError.invalidClient("The client credentials are invalid", basic: usedBasic)
        }
        if let expected = client.secret {
            guard let secret, SecretComparison.equal(secret, expected) else {
                throw OAuthError.invalidClient("The client credentials are invalid", basic: usedBasic)
            }
        }
        return client
    }

    private func token(_ request: Request) async throws -> Response {
        let form = try await form(request)
        guard let grantName = form["grant_type"], !grantName.isEmpty else {
            throw OAuthError.invalidRequest("grant_type is missing")
        }
        guard let grant = GrantType(rawValue: grantName) else {
            throw OAuthError(error: "unsupported_grant_type", description: "The grant type is not supported")
        }
        let client = try authenticateClient(request, form, optional: grant == .tokenExchange)
        if let client, !client.grantTypes.contains(grant) {
            throw OAuthError(error: "unauthorized_client", description: "The client may not use this grant type")
        }
        switch grant {
        case .authorizationCode:
            guard let client else { throw OAuthError.invalidClient("The client credentials are missing", basic: false) }
            return try await authorizationCode(form, client: client)
        case .refreshToken:
            guard let client else { throw OAuthError.invalidClient("The client credentials are missing", basic: false) }
            return try await refresh(form, client: client)
        case .clientCredentials:
            guard let client else { throw OAuthError.invalidClient("The client credentials are missing", basic: false) }
            return try await clientCredentials(form, client: client)
        case .tokenExchange:
            return try await exchange(form, client: client)
        case .jwtBearer:
            guard let client else { throw OAuthError.invalidClient("The client credentials are missing", basic: false) }
            return try await jwtBearer(form, client: client)
        }
    }

    private func authorizationCode(_ form: [String: String], client: RegisteredClient) async throws -> Response {
        guard let value = form["code"], !value.isEmpty else { throw OAuthError.invalidRequest("code is missing") }
        let code: TokenRegistry.AuthorizationCode
        switch await services.tokens.consumeCode(value, clientId: client.id) {
        case .success(let found): code = found
        case .failure(.invalid(let reason)): throw OAuthError.invalidGrant(reason)
        }
        // Box's token endpoint takes no `redirect_uri` (its SDKs never send one); one that is
        // sent must still be the one the code was issued for.
        if let expected = code.redirectURI, let given = form["redirect_uri"], given != expected {
            throw OAuthError.invalidGrant("redirect_uri does not match the authorization request")
        }
        if let challenge = code.challenge {
            guard let verifier = form["code_verifier"], !verifier.isEmpty else {
                throw OAuthError.invalidGrant("code_verifier is missing")
            }
            guard PKCE.verify(verifier: verifier, challenge: challenge, method: code.challengeMethod ?? "plain") else {
                throw OAuthError.invalidGrant("code_verifier does not match the code_challenge")
            }
        } else if form["code_verifier"]?.isEmpty == false {
            // A verifier for a code issued without a challenge means the challenge was
            // stripped from the authorization request on its way (RFC 9700 §2.1.1).
            throw OAuthError.invalidGrant("code_verifier was sent for a code issued without code_challenge")
        }
        // A user signing in to an app shows in the admin logs as a login from a device.
        await services.state.recordSignIn(of: code.userId)
        return await issue(userId: code.userId, client: client, scopes: code.scopes, code: code.value)
    }

    private func refresh(_ form: [String: String], client: RegisteredClient) async throws -> Response {
        guard let value = form["refresh_token"], !value.isEmpty else { throw OAuthError.invalidRequest("refresh_token is missing") }
        switch await services.tokens.consumeRefreshToken(value, clientId: client.id) {
        case .success(let refresh):
            return await issue(userId: refresh.userId, client: client, scopes: refresh.scopes, code: refresh.code)
        case .failure(.invalid(let reason)):
            throw OAuthError.invalidGrant(reason)
        }
    }

    private func issue(userId: String, client: RegisteredClient, scopes: Set<String>, code: String?) async -> Response {
        let configuration = services.configuration
        let access = await services.tokens.issueAccessToken(
            userId: userId, clientId: client.id, scopes: scopes, lifetime: configuration.accessTokenLifetime, kind: .oauth, code: code)
        let refresh = await services.tokens.issueRefreshToken(
            for: access, clientId: client.id, lifetime: configuration.refreshTokenLifetime, code: code)
        return tokenResponse([
            "access_token": .string(access.value),
            "expires_in": .int(Int(configuration.accessTokenLifetime.seconds.rounded())),
            "token_type": "bearer",
            "refresh_token": .string(refresh.value),
            "restricted_to": [],
            "issued_token_type": .string(Self.accessTokenType),
        ])
    }

    private func clientCredentials(_ form: [String: String], client: RegisteredClient) async throws -> Response {
        let userId: String
        switch form["box_subject_type"] {
        case let type? where type == "enterprise" || type == "user":
            guard let subject = await subjectUser(type: type, id: form["box_subject_id"] ?? "") else {
                throw OAuthError.invalidGrant("Grant credentials are invalid")
            }
            userId = subject
        case nil, "":
            throw OAuthError.invalidRequest("box_subject_type is missing")
        default:
            throw OAuthError.invalidRequest("box_subject_type must be enterprise or user")
        }
        return await serverToServerToken(userId: userId, client: client, kind: .clientCredentials)
    }

    /// The JWT-bearer grant (RFC 7523): the assertion's signature, claims and subject are
    /// checked, and its `jti` may be used once.
    private func jwtBearer(_ form: [String: String], client: RegisteredClient) async throws -> Response {
        guard let assertion = form["assertion"], !assertion.isEmpty else {
            throw OAuthError.invalidRequest("assertion is missing")
        }
        let tokenURL = await services.state.origin + "/oauth2/token"
        let jwt = try JWTAssertionVerifier(client: client, tokenURL: tokenURL).verify(assertion, now: services.configuration.clock.now())
        guard let type = jwt.string("box_sub_type"), type == "enterprise" || type == "user" else {
            throw OAuthError.invalidGrant("Please check the 'box_sub_type' claim. It must be enterprise or user.")
        }
        guard let userId = await subjectUser(type: type, id: jwt.string("sub") ?? "") else {
            throw OAuthError.invalidGrant("Please check the 'sub' claim. It must be this enterprise or one of its users.")
        }
        guard let jti = jwt.string("jti"), let expiry = jwt.seconds("exp"),
              await services.tokens.consumeAssertionId(jti, expiresAt: Date(timeIntervalSince1970: expiry))
        else {
            throw OAuthError.invalidGrant("Please check the 'jti' claim. This assertion was used before; each needs a new 'jti'.")
        }
        return await serverToServerToken(userId: userId, client: client, kind: .jwt)
    }

    /// The user a server-to-server token acts as: the service account for the enterprise,
    /// or the named user; `nil` when there is no such subject.
    private func subjectUser(type: String, id: String) async -> String? {
        let state = services.state
        switch type {
        case "enterprise":
            guard id == (await state.enterpriseId) else { return nil }
            return await state.serviceAccountId()
        case "user":
            return (try? await state.user(id)) != nil ? id : nil
        default:
            return nil
        }
    }

    /// An access token without refresh token, with every scope, for a CCG or JWT app.
    private func serverToServerToken(userId: String, client: RegisteredClient, kind: Principal.TokenKind) async -> Response {
        let lifetime = services.configuration.accessTokenLifetime
        let access = await services.tokens.issueAccessToken(
            userId: userId, clientId: client.id, scopes: Scope.all, lifetime: lifetime, kind: kind)
        return tokenResponse([
            "access_token": .string(access.value),
            "expires_in": .int(Int(lifetime.seconds.rounded())),
            "token_type": "bearer",
            "restricted_to": [],
            "issued_token_type": .string(Self.accessTokenType),
        ])
    }

    private func exchange(_ form: [String: String], client: RegisteredClient?) async throws -> Response {
        guard let subjectValue = form["subject_token"], !subjectValue.isEmpty else {
            throw OAuthError.invalidRequest("subject_token is missing")
        }
        guard form["subject_token_type"] == Self.accessTokenType else {
            throw OAuthError.invalidRequest("subject_token_type must be \(Self.accessTokenType)")
        }
        guard case .success(let subject) = await services.tokens.authenticate(subjectValue) else {
            throw OAuthError.invalidGrant("The subject token is invalid, expired or revoked")
        }
        guard let scopeText = form["scope"], !scopeText.isEmpty else { throw OAuthError.invalidRequest("scope is missing") }
        let scopes = Set(scopeText.split(separator: " ").map(String.init))
        guard scopes.isSubset(of: Scope.all) else { throw OAuthError.invalidScope("Unknown scope requested") }
        guard scopes.isSubset(of: Scope.downscopable) else {
            let refused = scopes.subtracting(Scope.downscopable).sorted().joined(separator: " ")
            throw OAuthError.invalidScope("A token exchange hands out item and UI scopes only, not \(refused)")
        }
        guard scopes.isSubset(of: subject.scopes) else {
            throw OAuthError.invalidScope("The requested scopes exceed those of the subject token")
        }
        let state = services.state
        var restriction = subject.restrictedTo
        var sharedLinkToken = subject.sharedLinkToken
        // What the subject token is limited to (its item, or its shared link's item): a new
        // token may be limited further, never less.
        var subjectLimit = subject.restrictedTo
        if subjectLimit == nil, let linkToken = subject.sharedLinkToken {
            guard let item = await state.sharedItem(token: linkToken) else {
                throw OAuthError.invalidGrant("The subject token's shared link no longer exists")
            }
            subjectLimit = item
        }
        if let resource = form["resource"], !resource.isEmpty {
            guard let item = Self.item(fromResource: resource) else {
                throw OAuthError(error: "invalid_target", description: "resource must be the API URL of a file or folder")
            }
            let probe = Principal(userId: subject.userId, tokenUserId: subject.userId, scopes: subject.scopes,
                                  restrictedTo: subjectLimit, tokenId: subject.id, kind: subject.kind)
            guard (try? await state.authorize(probe, item)) != nil else {
                throw OAuthError(error: "invalid_target", description: "The resource is not accessible with the subject token")
            }
            restriction = item
        }
        if let link = form["box_shared_link"], !link.isEmpty {
            guard let token = await state.sharedLinkToken(fromURL: link) else {
                throw OAuthError(error: "invalid_target", description: "box_shared_link is not a shared link of this server")
            }
            if let subjectLimit {
                guard let linked = await state.sharedItem(token: token), await state.lineage(of: linked).contains(subjectLimit) else {
                    throw OAuthError(error: "invalid_target",
                                     description: "box_shared_link is outside what the subject token is limited to")
                }
            }
            sharedLinkToken = token
        }
        let remaining = subject.expiresAt.timeIntervalSince(services.configuration.clock.now())
        let lifetime = min(services.configuration.accessTokenLifetime, .milliseconds(Int64(max(1, remaining * 1000))))
        let access = await services.tokens.issueAccessToken(
            userId: subject.userId, clientId: client?.id ?? subject.clientId, scopes: scopes, lifetime: lifetime,
            kind: .downscoped, restrictedTo: restriction, sharedLinkToken: sharedLinkToken)
        var restrictedTo: [JSONValue] = []
        var target = restriction
        if target == nil, let sharedLinkToken { target = await state.sharedItem(token: sharedLinkToken) }
        if let target {
            let object = await state.mini(target)
            restrictedTo = scopes.sorted().map { ["scope": .string($0), "object": object] }
        }
        return tokenResponse([
            "access_token": .string(access.value),
            "expires_in": .int(Int(lifetime.seconds.rounded())),
            "token_type": "bearer",
            "restricted_to": .array(restrictedTo),
            "issued_token_type": .string(Self.accessTokenType),
        ])
    }

    /// Finds the item a token-exchange `resource` names by its trailing `/files/{id}` or `/folders/{id}`.
    static func item(fromResource resource: String) -> ItemRef? {
        let path = URLComponents(string: resource)?.path ?? resource
        let segments = path.split(separator: "/").map(String.init)
        guard segments.count >= 2, let id = segments.last, !id.isEmpty,
              let route = ItemRoute.all.first(where: { $0.collection == segments[segments.count - 2] })
        else { return nil }
        return ItemRef(type: route.type, id: id)
    }

    private func tokenResponse(_ body: JSONValue) -> Response {
        var headers = HTTPFields()
        headers[.cacheControl] = "no-store"
        headers[.pragma] = "no-cache"
        return Responses.json(body, headers: headers)
    }

    private func revoke(_ request: Request) async throws -> Response {
        let form = try await form(request)
        let client = try authenticateClient(request, form)
        guard let token = form["token"], !token.isEmpty else { throw OAuthError.invalidRequest("token is missing") }
        await services.tokens.revoke(token, clientId: client?.id)
        return Responses.empty(.ok)
    }
}

extension TokenRoutes {
    /// `GET /oauth2/authorize`: the login page of the authorization-code flow.
    func authorizeUser(_ input: PublicOperationInput) async throws -> Response {
        try await AuthorizeRoutes(services: services).authorize(input.request)
    }
}
