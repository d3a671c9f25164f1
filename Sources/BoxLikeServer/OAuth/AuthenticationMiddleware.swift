import HTTPTypes
import Hummingbird

/// Resolves the bearer token of API and upload requests into a ``Principal``, applies
/// `As-User` and the per-token rate limit. OAuth, the authorize pages and download content
/// URLs pass through untouched.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = BoxLikeRequestContext
    let tokens: TokenRegistry
    let state: ServerState
    let rateLimit: Int?

    static func requiresBearer(_ path: String) -> Bool {
        path.hasPrefix("/2.0/") || path.hasPrefix("/api/2.0/") || path == "/2.0" || path == "/api/2.0"
    }

    /// The `access_token` query parameter of a file download (`GET /files/{id}/content`).
    static func queryToken(_ request: Request) -> String? {
        guard request.method == .get, request.uri.path.hasPrefix("/2.0/files/"), request.uri.path.hasSuffix("/content"),
              let token = request.query["access_token"], !token.isEmpty else { return nil }
        return token
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard Self.requiresBearer(request.uri.path) else { return try await next(request, context) }
        let value: String
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            value = String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        } else if let queryToken = Self.queryToken(request) {
            // Box takes the token as `access_token` in the query of a download, for clients
            // (a browser's <img>, a media player) that cannot send a header.
            value = queryToken
        } else {
            throw ServerErrorResponse.invalidToken("The access token is missing")
        }
        let token: TokenRegistry.AccessToken
        switch await tokens.authenticate(value) {
        case .success(let found): token = found
        case .failure(.expired): throw ServerErrorResponse.invalidToken("The access token provided has expired")
        case .failure(.revoked): throw ServerErrorResponse.invalidToken("The access token provided has been revoked")
        case .failure(.unknown): throw ServerErrorResponse.invalidToken("The access token provided is invalid")
        }
        if let rateLimit, !(await tokens.admit(tokenId: token.id, limit: rateLimit)) {
            var headers = HTTPFields()
            headers[.retryAfter] = "1"
            throw ServerErrorResponse(.tooManyRequests, code: "rate_limit_exceeded", message: "Request rate limit exceeded, please try again later", headers: headers)
        }
        switch await state.userStatus(token.userId) {
        case nil: throw ServerErrorResponse.invalidToken("The access token's user no longer exists")
        case "inactive": throw ServerErrorResponse.invalidToken("The access token's user is inactive")
        default: break
        }
        var principal = Principal(
            userId: token.userId, tokenUserId: token.userId, scopes: token.scopes,
            restrictedTo: token.restrictedTo, tokenId: token.id, kind: token.kind, clientId: token.clientId)
        if let sharedLinkToken = token.sharedLinkToken, principal.restrictedTo == nil {
            // A token limited to a shared link that is gone is limited to nothing.
            guard let item = await state.sharedItem(token: sharedLinkToken) else {
                throw ServerErrorResponse.invalidToken("The access token's shared link no longer exists")
            }
            principal.restrictedTo = item
        }
        if let asUser = request.headers[.asUser], !asUser.isEmpty {
            let tokenUser = try? await state.user(token.userId)
            guard token.kind != .downscoped, AccessPolicy.isEnterpriseAdmin(tokenUser) else {
                throw ServerErrorResponse.forbidden("The As-User header requires an admin or service account token")
            }
            guard (try? await state.user(asUser)) != nil else { throw ServerErrorResponse.notFound("user") }
            principal.userId = asUser
        }
        if let header = request.headers[.boxApi], case let options = FormData.dictionary(header), let url = options["shared_link"] {
            // A shared link sent with any API call opens its item (and, for a folder, what is
            // inside it) with exactly the link's access.
            principal.sharedLink = await state.sharedLinkGrant(url: url, password: options["shared_link_password"], viewer: principal.userId)
        }
        var context = context
        context.principal = principal
        return try await next(request, context)
    }
}
