import Foundation

/// Something that happened to a credential of a ``CredentialStore``, as
/// ``CredentialStore/events()`` reports it.
///
/// ```swift
/// for await event in await store.events() {
///     if case .refreshFailed(let id, _, signInRequired: true) = event { askToSignIn(id) }
/// }
/// ```
public enum CredentialEvent: Sendable, CustomStringConvertible {
    /// The credential's token was refreshed.
    case refreshSucceeded(credentialId: String)
    /// A refresh failed with `error` (the server's `BoxAPIError` or a network error). With
    /// `signInRequired`, the server refused the grant and the credential is marked
    /// (``CredentialRecord/needsSignIn``) until a new token is stored.
    case refreshFailed(credentialId: String, error: any Error & Sendable, signInRequired: Bool)
    /// The credential's token was revoked on the server.
    case revoked(credentialId: String)
    /// The credential was removed from the store.
    case removed(credentialId: String)
    /// The default credential changed to this one, or was cleared (`nil`).
    case defaultChanged(credentialId: String?)

    /// The event and ids; never a token.
    public var description: String {
        switch self {
        case .refreshSucceeded(let id): "refreshSucceeded(\(id))"
        case .refreshFailed(let id, let error, let signInRequired):
            "refreshFailed(\(id), signInRequired: \(signInRequired), error: \(error))"
        case .revoked(let id): "revoked(\(id))"
        case .removed(let id): "removed(\(id))"
        case .defaultChanged(let id): "defaultChanged(\(id ?? "nil"))"
        }
    }
}
