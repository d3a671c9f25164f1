import Foundation

/// Something that happened to an authentication's token, as its `authenticationEvents`
/// stream reports it.
///
/// ```swift
/// Task {
///     for await event in auth.authenticationEvents {
///         if case .refreshFailed(_, signInRequired: true) = event { showSignIn() }
///     }
/// }
/// ```
public enum AuthenticationEvent: Sendable, CustomStringConvertible {
    /// A new token was obtained from the token endpoint; it expires at this date, if known.
    case refreshSucceeded(expiresAt: Date?)
    /// Asking the token endpoint failed with `error` (the server's `BoxAPIError`, or a network
    /// error). When `signInRequired` is `true` the server refused the grant (`invalid_grant`):
    /// no further refresh is tried until a new token is stored.
    case refreshFailed(error: any Error & Sendable, signInRequired: Bool)
    /// The token was revoked on the server and forgotten locally.
    case revoked

    /// The event and the error's description; never a token.
    public var description: String {
        switch self {
        case .refreshSucceeded(let expiresAt):
            "refreshSucceeded(expiresAt: \(expiresAt.map(RFC3339Date.string(from:)) ?? "unknown"))"
        case .refreshFailed(let error, let signInRequired):
            "refreshFailed(signInRequired: \(signInRequired), error: \(error))"
        case .revoked:
            "revoked"
        }
    }
}
