import Hummingbird

/// An RFC 6749 §5.2 error from the token or revoke endpoint.
struct OAuthError: Error {
    var status: HTTPResponse.Status = .badRequest
    var error: String
    var description: String
    var challengeBasic = false

    static func invalidRequest(_ description: String) -> OAuthError { OAuthError(error: "invalid_request", description: description) }
    static func invalidGrant(_ description: String) -> OAuthError { OAuthError(error: "invalid_grant", description: description) }
    static func invalidScope(_ description: String) -> OAuthError { OAuthError(error: "invalid_scope", description: description) }
    static func invalidClient(_ description: String, basic: Bool) -> OAuthError {
        OAuthError(status: .unauthorized, error: "invalid_client", description: description, challengeBasic: basic)
    }

    var response: Response {
        var headers = HTTPFields()
        headers[.cacheControl] = "no-store"
        if challengeBasic { headers[.wwwAuthenticate] = #"Basic realm="BoxLike""# }
        return Responses.json(["error": .string(error), "error_description": .string(description)], status: status, headers: headers)
    }
}
