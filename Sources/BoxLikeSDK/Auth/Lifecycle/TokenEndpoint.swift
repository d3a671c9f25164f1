import Foundation

/// The OAuth 2.0 endpoints every strategy talks to, through the generated
/// ``AuthorizationManager`` (`/oauth2/token` and `/oauth2/revoke`).
///
/// Requests go without credentials (the client authenticates in the form body). OAuth errors
/// arrive as `BoxAPIError` whose `code` is the OAuth `error` (`invalid_grant`,
/// `invalid_client`...).
enum TokenEndpoint {
    /// Asks for a token and maps the answer to an ``AccessToken`` whose expiry is counted
    /// from the moment the answer arrived.
    ///
    /// With ``ClientAuthenticationMethod/clientSecretBasic`` the form's client id and secret
    /// move to an `Authorization: Basic` header.
    static func requestToken(_ form: PostOAuth2Token, networkSession: NetworkSession,
                             clientAuthentication: ClientAuthenticationMethod = .clientSecretPost) async throws -> AccessToken {
        var form = form
        var headers = RequestAccessTokenHeaders()
        if clientAuthentication == .clientSecretBasic, let clientId = form.clientId {
            headers.extraHeaders["Authorization"] = ClientAuthenticationMethod.basicAuthorization(
                clientId: clientId, clientSecret: form.clientSecret ?? "")
            form.clientId = nil
            form.clientSecret = nil
        }
        let issued = try await manager(networkSession).requestAccessToken(requestBody: form, headers: headers)
        guard !issued.accessToken.isEmpty else {
            throw BoxSDKError(.invalidResponse, "The token endpoint answered without an access token.")
        }
        return AccessToken(
            accessToken: issued.accessToken,
            expiresIn: AccessToken.saneLifetime(issued.expiresIn),
            tokenType: issued.tokenType.rawValue,
            restrictedTo: issued.restrictedTo?.compactMap(AccessToken.Restriction.init),
            refreshToken: issued.refreshToken,
            scopes: issued.scope.map { $0.split(separator: " ").map(String.init) },
            issuedTokenType: issued.issuedTokenType?.rawValue,
            issuedAt: networkSession.configuration.clock.now())
    }

    /// Revokes `token` (an access or refresh token) on the server.
    static func revoke(token: String, credentials: AppCredentials, networkSession: NetworkSession) async throws {
        var body = PostOAuth2Revoke(token: token, clientId: credentials.clientId, clientSecret: credentials.clientSecret)
        var headers = RevokeAccessTokenHeaders()
        if credentials.method == .clientSecretBasic, let clientId = credentials.clientId {
            headers.extraHeaders["Authorization"] = ClientAuthenticationMethod.basicAuthorization(
                clientId: clientId, clientSecret: credentials.clientSecret ?? "")
            body.clientId = nil
            body.clientSecret = nil
        }
        try await manager(networkSession).revokeAccessToken(requestBody: body, headers: headers)
    }

    /// Exchanges `subjectToken` for a token limited to `scopes` and, optionally, one item or
    /// shared link. The subject token stays valid.
    static func downscope(subjectToken: AccessToken, scopes: [String], resource: String?, sharedLink: String?,
                          networkSession: NetworkSession) async throws -> AccessToken {
        guard let subject = subjectToken.accessToken else {
            throw BoxSDKError(.authentication, "There is no access token to downscope.")
        }
        let form = PostOAuth2Token(
            grantType: .urnIetfParamsOauthGrantTypeTokenExchange, subjectToken: subject,
            subjectTokenType: .urnIetfParamsOauthTokenTypeAccessToken, scope: scopes.joined(separator: " "),
            resource: resource, boxSharedLink: sharedLink)
        var token = try await requestToken(form, networkSession: networkSession)
        if token.scopes == nil { token.scopes = scopes }
        return token
    }

    /// The generated operations, sent without the caller's credentials.
    private static func manager(_ networkSession: NetworkSession) -> AuthorizationManager {
        AuthorizationManager(executor: networkSession.executor(auth: nil))
    }
}

extension AccessToken.Restriction {
    /// The restriction a token response describes; `nil` for an entry without a scope.
    init?(_ scope: FileOrFolderScope) {
        guard let name = scope.scope?.rawValue else { return nil }
        switch scope.object {
        case .fileMini(let file)?:
            self.init(scope: name, objectType: "file", objectId: file.id)
        case .folderMini(let folder)?:
            self.init(scope: name, objectType: "folder", objectId: folder.id)
        case .unknown(let value)?:
            self.init(scope: name, objectType: value["type"]?.stringValue, objectId: value["id"]?.stringValue)
        case nil:
            self.init(scope: name)
        }
    }
}
