import Foundation
import Synchronization

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
    ///
    /// Reads and writes take a lock for a few instructions instead of hopping to an actor,
    /// so reading the token on every request costs no task switch. Refreshes are serialized
    /// per credential with an asynchronous lock that does not block a thread.
    public final class Vault: Sendable {
        struct Slot: Hashable {
            var namespace: String
            var credentialId: String
        }

        struct Contents {
            var tokens: [Slot: AccessToken] = [:]
            var catalogs: [String: Data] = [:]
            /// How many times each slot was written outside a refresh (stored, cleared).
            var generations: [Slot: Int] = [:]
        }

        private let contents: Mutex<Contents>
        let refreshLock = KeyedAsyncLock()

        /// Creates empty memory.
        public convenience init() {
            self.init(tokens: [:])
        }

        init(tokens: [Slot: AccessToken]) {
            contents = Mutex(Contents(tokens: tokens))
        }

        func token(_ slot: Slot) -> AccessToken? {
            contents.withLock { $0.tokens[slot] }
        }

        /// Stores or clears the token, as the app or a strategy asks: any refresh in progress
        /// will not overwrite it.
        func setToken(_ token: AccessToken?, _ slot: Slot) {
            contents.withLock { contents in
                contents.tokens[slot] = token
                contents.generations[slot, default: 0] += 1
            }
        }

        /// The slot's write count, read when a refresh starts.
        func generation(_ slot: Slot) -> Int {
            contents.withLock { $0.generations[slot] ?? 0 }
        }

        /// Stores a refreshed token unless the slot was written since `generation` (cleared
        /// by a logout, replaced by a new sign-in): what happened meanwhile wins.
        func setRefreshedToken(_ token: AccessToken, _ slot: Slot, ifStillAt generation: Int) {
            contents.withLock { contents in
                guard contents.generations[slot] ?? 0 == generation else { return }
                contents.tokens[slot] = token
            }
        }

        func credentialIds(in namespace: String) -> [String] {
            contents.withLock { $0.tokens.keys.filter { $0.namespace == namespace }.map(\.credentialId) }.sorted()
        }

        func catalog(_ namespace: String) -> Data? {
            contents.withLock { $0.catalogs[namespace] }
        }

        /// Runs `transform` under the lock, so concurrent updates of one catalog never lose
        /// a change. `transform` must not block.
        func updateCatalog(_ namespace: String, _ transform: (Data?) throws -> Data?) throws -> Data? {
            try contents.withLock { contents in
                let updated = try transform(contents.catalogs[namespace])
                contents.catalogs[namespace] = updated
                return updated
            }
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
        vault.setToken(token, slot)
    }

    /// The stored token, or `nil`.
    public func get() async -> AccessToken? {
        vault.token(slot)
    }

    /// Removes the stored token.
    public func clear() async {
        vault.setToken(nil, slot)
    }

    /// Refreshes at most once at a time per credential among the tasks of this process.
    public func refreshCoordinated(
        isUsable: @escaping @Sendable (AccessToken) -> Bool,
        refresh: @escaping @Sendable (AccessToken?) async throws -> AccessToken
    ) async throws -> AccessToken {
        let vault = self.vault
        let slot = self.slot
        return try await vault.refreshLock.withLock("\(slot.namespace)/\(slot.credentialId)") {
            let current = vault.token(slot)
            if let current, isUsable(current) { return current }
            let generation = vault.generation(slot)
            let fresh = try await refresh(current)
            vault.setRefreshedToken(fresh, slot, ifStillAt: generation)
            return fresh
        }
    }

    /// A storage for another credential in the same vault and namespace.
    public func storage(forCredential credentialId: String) -> InMemoryTokenStorage {
        InMemoryTokenStorage(vault: vault, namespace: namespace, credentialId: credentialId)
    }

    /// The credentials holding a token in this namespace.
    public func storedCredentialIds() async -> [String] {
        vault.credentialIds(in: namespace)
    }

    /// The namespace's catalog.
    public func loadCatalog() async -> Data? {
        vault.catalog(namespace)
    }

    /// Replaces the namespace's catalog; the vault's lock makes it atomic.
    @discardableResult
    public func updateCatalog(_ transform: @escaping @Sendable (Data?) throws -> Data?) async throws -> Data? {
        try vault.updateCatalog(namespace, transform)
    }
}
