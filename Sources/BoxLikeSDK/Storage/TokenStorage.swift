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
/// - it is safe to call from many tasks at once.
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
