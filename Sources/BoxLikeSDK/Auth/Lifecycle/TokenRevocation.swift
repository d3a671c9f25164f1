/// How a strategy's tokens are revoked: which of them, in which order, with which app
/// credentials, and what a failure part-way means. ``TokenLifecycle/revoke(networkSession:)``
/// carries it out for every strategy.
struct TokenRevocation: Sendable {
    /// One of the tokens a stored ``AccessToken`` holds.
    enum Target: Sendable, Equatable {
        case accessToken
        /// Revoking it ends the whole grant (RFC 7009 §2.1): nothing can mint new access
        /// tokens afterwards, so a later failure leaves only an access token that expires.
        case refreshToken
    }

    /// The tokens revoked, first to last; a target the stored token lacks is skipped.
    let order: [Target]
    /// The app credentials sent with each revocation, or why there are none (checked before
    /// anything is sent).
    let credentials: @Sendable () throws -> AppCredentials

    /// Revokes the access token only (strategies whose grant has no refresh token).
    static func accessToken(_ credentials: @escaping @Sendable () throws -> AppCredentials) -> TokenRevocation {
        TokenRevocation(order: [.accessToken], credentials: credentials)
    }

    /// Revokes the refresh token first, so the grant ends even if revoking the access token
    /// then fails (reported as ``PartialRevocationError``), then the access token.
    static func grant(_ credentials: @escaping @Sendable () throws -> AppCredentials) -> TokenRevocation {
        TokenRevocation(order: [.refreshToken, .accessToken], credentials: credentials)
    }

    /// The tokens of `token` to revoke, in order.
    func targets(of token: AccessToken) -> [(target: Target, value: String)] {
        order.compactMap { target in
            switch target {
            case .accessToken: token.accessToken.map { (target, $0) }
            case .refreshToken: token.refreshToken.map { (target, $0) }
            }
        }
    }
}

/// A client id and secret, as the OAuth endpoints want them in the form body. The secret
/// never appears in descriptions.
struct AppCredentials: Sendable, CustomStringConvertible {
    var clientId: String?
    var clientSecret: String?
    /// Where the id and secret go: the form body or HTTP Basic.
    var method: ClientAuthenticationMethod = .clientSecretPost

    var description: String { "AppCredentials(clientId: \(clientId ?? "nil"), clientSecret: <redacted>)" }
}
