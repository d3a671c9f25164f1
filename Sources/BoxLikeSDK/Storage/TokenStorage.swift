/// Keeps an ``AccessToken`` between calls, restarts or processes.
///
/// Every authentication strategy reads its token from a storage and writes every new token
/// to it. The SDK ships ``InMemoryTokenStorage`` (the default); others live in their own files
/// and modules. To write your own, implement ``store(token:)``, ``get()`` and ``clear()``;
/// if several processes share your storage, also implement
/// ``refreshCoordinated(isUsable:refresh:)`` so that only one of them asks the token endpoint.
///
/// What a storage must guarantee:
/// - `get()` after `store(token:)` returns the stored token (or a newer one);
/// - `get()` returns `nil` only when nothing is stored; a storage that cannot read what it
///   holds throws instead of returning `nil`, so a caller never overwrites a token it could
///   not read;
/// - it is safe to call from many tasks at once;
/// - a write is all or nothing: a crash mid-write leaves the old token or the new one;
/// - when shared between processes, ``refreshCoordinated(isUsable:refresh:)`` holds a lock
///   that spans them, re-reads under it, and releases it on every path (including a
///   throwing `refresh`, after which the stored token is unchanged).
///
/// The SDK's storages: ``InMemoryTokenStorage`` (the default), ``EncryptedFileTokenStorage``
/// (files on one machine) and `PostgresTokenStorage` (module `BoxLikeSDKPostgres`, many
/// machines). To hold many users' credentials with a ``CredentialStore``, a storage also
/// conforms to ``CredentialStorage`` (one storage per credential id, scoped by a namespace).
///
/// A custom storage, e.g. over a secrets service the app already uses:
///
/// ```swift
/// actor VaultTokenStorage: TokenStorage {
///     let secrets: SecretsClient          // the app's own client
///     let path: String
///
///     func store(token: AccessToken) async throws {
///         try await secrets.write(path, JSONEncoder().encode(token))
///     }
///     func get() async throws -> AccessToken? {
///         // Throw on unreadable data; return nil only when nothing is stored.
///         guard let data = try await secrets.read(path) else { return nil }
///         return try JSONDecoder().decode(AccessToken.self, from: data)
///     }
///     func clear() async throws {
///         try await secrets.delete(path)
///     }
///     // Single process: the default refreshCoordinated is enough. Shared between processes:
///     // implement it with the service's lock or compare-and-swap.
/// }
/// ```
public protocol TokenStorage: Sendable {
    /// Stores `token`, replacing any previous one.
    func store(token: AccessToken) async throws
    /// The stored token, or `nil` when none is stored.
    func get() async throws -> AccessToken?
    /// Removes the stored token.
    func clear() async throws
    /// Obtains a usable token, refreshing at most once among everyone sharing this storage.
    ///
    /// The storage takes whatever lock spans its sharers (a file lock, a database row lock),
    /// reads the current token and, if `isUsable` says it is still good (another process
    /// refreshed it meanwhile), returns it. Otherwise it calls `refresh` with the current
    /// token (whose refresh token is the newest one), stores the result and returns it,
    /// releasing the lock in every case.
    func refreshCoordinated(
        isUsable: @escaping @Sendable (AccessToken) -> Bool,
        refresh: @escaping @Sendable (AccessToken?) async throws -> AccessToken
    ) async throws -> AccessToken
}

extension TokenStorage {
    /// The in-process version: read, refresh if needed, store. Storages shared between
    /// processes replace it with one that holds a lock across the three steps.
    public func refreshCoordinated(
        isUsable: @escaping @Sendable (AccessToken) -> Bool,
        refresh: @escaping @Sendable (AccessToken?) async throws -> AccessToken
    ) async throws -> AccessToken {
        let current = try await get()
        if let current, isUsable(current) {
            return current
        }
        let fresh = try await refresh(current)
        try await store(token: fresh)
        return fresh
    }
}
