/// A revocation that ended the grant but not the access token: the refresh token was revoked
/// (RFC 7009 §2.1: the server then stops minting tokens for the grant), and revoking the
/// access token failed, so that token stays usable until it expires.
///
/// ``Authentication/revokeToken(networkSession:)`` throws it for a strategy whose tokens include
/// a refresh token (``BoxOAuth``); ``LogoutResult/grantEnded`` reads it.
/// Revoking again is safe: revoking a token that is already revoked succeeds.
public struct PartialRevocationError: Error, Sendable, CustomStringConvertible {
    /// Why revoking the access token failed.
    public let accessTokenError: any Error & Sendable

    /// Creates the error.
    public init(accessTokenError: any Error & Sendable) {
        self.accessTokenError = accessTokenError
    }

    /// What happened, without any token.
    public var description: String {
        "The refresh token was revoked, so the grant has ended, but revoking the access token failed "
            + "(it stays valid until it expires): \(accessTokenError)"
    }
}
