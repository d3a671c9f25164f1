import Foundation

/// The OAuth 2.0 endpoints every strategy talks to: `/oauth2/token` and `/oauth2/revoke`.
///
/// Requests go straight through the runtime pipeline without credentials (the client
/// authenticates in the form body). OAuth errors arrive as ``BoxAPIError`` whose `code` is the
/// OAuth `error` (`invalid_grant`, `invalid_client`...).
enum TokenEndpoint {
    /// The token-exchange grant used to downscope a token.
    static let tokenExchangeGrant = "urn:ietf:params:oauth:grant-type:token-exchange"
    /// The subject token type of an access token.
    static let accessTokenType = "urn:ietf:params:oauth:token-type:access_token"

    /// Asks for a token and maps the answer to an ``AccessToken`` whose expiry is counted
    /// from the moment the answer arrived.
    static func requestToken(_ form: TokenRequestForm, networkSession: NetworkSession) async throws -> AccessToken {
        let request = RequestDescription(
            operationId: "requestAccessToken", method: .post, server: "oauth2", pathTemplate: "/oauth2/token",
            body: .form(form), requiresAuthentication: false)
        let response = try await networkSession.executor(auth: nil).execute(request)
        let decoded = try response.decode(TokenResponse.self)
        guard !decoded.accessToken.isEmpty else {
            throw SDKError(.invalidResponse, "The token endpoint answered without an access token.")
        }
        return AccessToken(
            accessToken: decoded.accessToken,
            expiresIn: decoded.expiresIn,
            tokenType: decoded.tokenType ?? "bearer",
            refreshToken: decoded.refreshToken,
            scopes: decoded.scope.map { $0.split(separator: " ").map(String.init) },
            restrictedTo: decoded.restrictedTo?.map {
                AccessToken.Restriction(scope: $0.scope, objectType: $0.object?.type, objectId: $0.object?.id)
            },
            issuedTokenType: decoded.issuedTokenType,
            issuedAt: Date())
    }

    /// Revokes `token` (an access or refresh token) on the server.
    static func revoke(token: String, clientId: String?, clientSecret: String?,
                       networkSession: NetworkSession) async throws {
        let request = RequestDescription(
            operationId: "revokeAccessToken", method: .post, server: "oauth2", pathTemplate: "/oauth2/revoke",
            body: .form(RevokeForm(clientId: clientId, clientSecret: clientSecret, token: token)),
            responseKind: .none, requiresAuthentication: false)
        _ = try await networkSession.executor(auth: nil).execute(request)
    }

    /// Exchanges `subjectToken` for a token limited to `scopes` and, optionally, one item or
    /// shared link. The subject token stays valid.
    static func downscope(subjectToken: AccessToken, scopes: [String], resource: String?, sharedLink: String?,
                          networkSession: NetworkSession) async throws -> AccessToken {
        guard let subject = subjectToken.accessToken else {
            throw SDKError(.authentication, "There is no access token to downscope.")
        }
        var form = TokenRequestForm(grantType: tokenExchangeGrant)
        form.subjectToken = subject
        form.subjectTokenType = accessTokenType
        form.scope = scopes.joined(separator: " ")
        form.resource = resource
        form.boxSharedLink = sharedLink
        var token = try await requestToken(form, networkSession: networkSession)
        if token.scopes == nil { token.scopes = scopes }
        return token
    }
}

/// The fields of a token request; `nil` fields are left out of the form. Its description
/// names only the grant, since most fields are secrets.
struct TokenRequestForm: Encodable, Sendable, CustomStringConvertible {
    var grantType: String
    var clientId: String?
    var clientSecret: String?
    var code: String?
    var codeVerifier: String?
    var redirectUri: String?
    var refreshToken: String?
    var boxSubjectType: String?
    var boxSubjectId: String?
    var subjectToken: String?
    var subjectTokenType: String?
    var scope: String?
    var resource: String?
    var boxSharedLink: String?

    init(grantType: String, clientId: String? = nil, clientSecret: String? = nil) {
        self.grantType = grantType
        self.clientId = clientId
        self.clientSecret = clientSecret
    }

    var description: String { "TokenRequestForm(grant_type: \(grantType))" }

    enum CodingKeys: String, CodingKey {
        case grantType = "grant_type"
        case clientId = "client_id"
        case clientSecret = "client_secret"
        case code
        case codeVerifier = "code_verifier"
        case redirectUri = "redirect_uri"
        case refreshToken = "refresh_token"
        case boxSubjectType = "box_subject_type"
        case boxSubjectId = "box_subject_id"
        case subjectToken = "subject_token"
        case subjectTokenType = "subject_token_type"
        case scope
        case resource
        case boxSharedLink = "box_shared_link"
    }
}

/// The fields of a revocation request; described without its secrets.
private struct RevokeForm: Encodable, Sendable, CustomStringConvertible {
    var clientId: String?
    var clientSecret: String?
    var token: String

    enum CodingKeys: String, CodingKey {
        case clientId = "client_id"
        case clientSecret = "client_secret"
        case token
    }

    var description: String { "RevokeForm" }
}

/// What the token endpoint answers.
private struct TokenResponse: Decodable {
    var accessToken: String
    var expiresIn: Int64?
    var tokenType: String?
    var refreshToken: String?
    var scope: String?
    var restrictedTo: [RestrictionEntry]?
    var issuedTokenType: String?

    struct RestrictionEntry: Decodable {
        var scope: String
        var object: RestrictedObject?
    }

    struct RestrictedObject: Decodable {
        var type: String?
        var id: String?
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case expiresIn = "expires_in"
        case tokenType = "token_type"
        case refreshToken = "refresh_token"
        case scope
        case restrictedTo = "restricted_to"
        case issuedTokenType = "issued_token_type"
    }
}
