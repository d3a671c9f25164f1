/// Who a request acts for, as established from its bearer token (and `As-User`).
struct Principal: Sendable {
    enum TokenKind: String, Sendable {
        case oauth
        case clientCredentials
        case jwt
        case developer
        case downscoped
    }

    /// The user the request acts as (after `As-User`).
    var userId: String
    /// The user the token was issued to.
    var tokenUserId: String
    var scopes: Set<String>
    var restrictedTo: ItemRef?
    var tokenId: String
    var kind: TokenKind
    /// The app the token was issued to; `nil` for a developer token.
    var clientId: String?

    func require(anyOf required: Set<String>) throws {
        if required.isEmpty || !scopes.isDisjoint(with: required) { return }
        throw ServerErrorResponse.insufficientScope()
    }
}
