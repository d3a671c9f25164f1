/// How a ``Credential/logout()`` went: the credential is always removed locally; whether the
/// server also revoked its tokens is reported here.
///
/// ```swift
/// let result = try await credential.logout()
/// if let failure = result.revokeError, !result.grantEnded {
///     logger.warning("the grant is still live on the server: \(failure)")
/// }
/// ```
public struct LogoutResult: Sendable {
    /// Why the server-side revoke failed (server unreachable, rejected...), or `nil` when it
    /// succeeded.
    public let revokeError: (any Error & Sendable)?

    /// Whether the server revoked the tokens.
    public var revoked: Bool { revokeError == nil }

    /// Whether the grant has ended on the server, so nobody can mint new tokens with it: every
    /// token was revoked, or the refresh token was and only the access token's revocation
    /// failed (``PartialRevocationError``; that access token works until it expires).
    public var grantEnded: Bool { revokeError == nil || revokeError is PartialRevocationError }

    /// Creates a result.
    public init(revokeError: (any Error & Sendable)?) {
        self.revokeError = revokeError
    }
}
