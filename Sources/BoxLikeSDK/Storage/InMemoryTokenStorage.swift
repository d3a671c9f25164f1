import Foundation

/// Keeps tokens in memory only; nothing survives the process.
///
/// The default storage, and the right one for high-security apps that do not want a
/// refresh token on disk. Storages made from one another (``storage(forCredential:)``) or
/// given the same ``Vault`` share their tokens, scoped by namespace and credential id.
///
/// ```swift
/// let storage = InMemoryTokenStorage()
/// try await storage.store(token: AccessToken(accessToken: "abc", expiresIn: 3600))
///
/// let vault = InMemoryTokenStorage.Vault()
/// let work = InMemoryTokenStorage(vault: vault, namespace: "work")
/// let home = InMemoryTokenStorage(vault: vault, namespace: "home")   // does not see work's token
/// ```
public struct InMemoryTokenStorage: CredentialStorage {
    /// The memory a family of in-memory storages shares: tokens and catalogs by namespace.
    public actor Vault {
        struct Slot: Hashable {
            var namespace: String
            var credentialId: String
        }

        var tokens: [Slot: AccessToken] = [:]
        var catalogs: [String: Data] = [:]
        let refreshLock = KeyedAsyncLock()

        /// Creates empty memory.
        public init() {}

        init(tokens: [Slot: AccessToken]) {
            self.tokens = tokens
        }

        func token(_ slot: Slot) -> AccessToken? { tokens[slot] }
        func setToken(_ token: AccessToken?, _ slot: Slot) { tokens[slot] = token }
        func credentialIds(in namespace: String) -> [String] {
            tokens.keys.filter { $0.namespace == namespace }.map(\.credentialId).sorted()
        }
        func catalog(_ namespace: String) -> Data? { catalogs[namespace] }
        func updateCatalog(_ namespace: String, _ transform: (Data?) throws -> Data?) rethrows -> Data? {
            let updated = try transform(catalogs[namespace])
            catalogs[namespace] = updated
            return updated
        }
    }

    /// The shared memory this storage lives in.
    public let vault: Vault
    /// The namespace everything stored here is scoped by.
    public let namespace: String
    /// The credential whose token this storage keeps.
    public let credentialId: String

    private var slot: Vault.Slot { Vault.Slot(namespace: namespace, credentialId: credentialId) }

    /// Creates a storage in its own new memory, empty or holding `token`.
    ///
    /// A namespace that is not a valid name (see ``TokenStorageError/invalidName(_:)``) is
    /// still accepted here, since memory has no paths to protect.
    public init(token: AccessToken? = nil, namespace: String = "default", credentialId: String = "default") {
        let slot = Vault.Slot(namespace: namespace, credentialId: credentialId)
        self.init(vault: Vault(tokens: token.map { [slot: $0] } ?? [:]), namespace: namespace, credentialId: credentialId)
    }

    /// Creates a storage in `vault`, shared with every other storage using it.
    public init(vault: Vault, namespace: String = "default", credentialId: String = "default") {
        self.vault = vault
        self.namespace = namespace
        self.credentialId = credentialId
    }

    /// Stores `token`, replacing any previous one.
    public func store(token: AccessToken) async {
        await vault.setToken(token, slot)
    }

    /// The stored token, or `nil`.
    public func get() async -> AccessToken? {
        await vault.token(slot)
    }

    /// Removes the stored token.
    public func clear() async {
        await vault.setToken(nil, slot)
    }

    /// Refreshes at most once at a time per credential among the tasks of this process.
    public func refreshCoordinated(
        isUsable: @escaping @Sendable (AccessToken) -> Bool,
        refresh: @escaping @Sendable (AccessToken?) async throws -> AccessToken
    ) async throws -> AccessToken {
        let vault = self.vault
        let slot = self.slot
        return try await vault.refreshLock.withLock("\(slot.namespace)/\(slot.credentialId)") {
            let current = await vault.token(slot)
            if let current, isUsable(current) { return current }
            let fresh = try await refresh(current)
            await vault.setToken(fresh, slot)
            return fresh
        }
    }

    /// A storage for another credential in the same vault and namespace.
    public func storage(forCredential credentialId: String) -> InMemoryTokenStorage {
        InMemoryTokenStorage(vault: vault, namespace: namespace, credentialId: credentialId)
    }

    /// The credentials holding a token in this namespace.
    public func storedCredentialIds() async -> [String] {
        await vault.credentialIds(in: namespace)
    }

    /// The namespace's catalog.
    public func loadCatalog() async -> Data? {
        await vault.catalog(namespace)
    }

    /// Replaces the namespace's catalog; the vault actor makes it atomic.
    @discardableResult
    public func updateCatalog(_ transform: @escaping @Sendable (Data?) throws -> Data?) async throws -> Data? {
        try await vault.updateCatalog(namespace, transform)
    }
}
