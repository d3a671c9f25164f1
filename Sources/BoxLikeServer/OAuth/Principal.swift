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
    /// The item a `BoxApi: shared_link=...` header of this request opened, and what the link
    /// lets its holder do to it and to what is inside it.
    var sharedLink: SharedLinkGrant?

    func require(anyOf required: Set<String>) throws {
        if required.isEmpty || !scopes.isDisjoint(with: required) { return }
        throw ServerErrorResponse.insufficientScope()
    }
}

/// What a shared link sent in a request's `BoxApi` header grants: the item it points to (a
/// folder's link reaches what is inside it) and exactly the actions the link allows.
struct SharedLinkGrant: Sendable {
    var item: ItemRef
    var actions: Set<ItemAction>
}
