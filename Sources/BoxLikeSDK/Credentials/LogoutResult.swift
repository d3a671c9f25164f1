/// How a ``Credential/logout()`` went: the credential is always removed locally; whether the
/// server also revoked its tokens is reported here.
///
/// ```swift
/// let result = try await credential.logout()
/// if let failure = result.revokeError { logger.warning("tokens not revoked: \(failure)") }
/// ```
public struct LogoutResult: Sendable {
    /// Why the server-side revoke failed (server unreachable, rejected...), or `nil` when it
    /// succeeded.
    public let revokeError: (any Error & Sendable)?

    /// Whether the server revoked the tokens.
    public var revoked: Bool { revokeError == nil }

    /// Creates a result.
    public init(revokeError: (any Error & Sendable)?) {
        self.revokeError = revokeError
    }
}
