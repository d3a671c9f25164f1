import Foundation

/// A ``TokenStorage`` that belongs to a family: one storage per credential, all in one
/// namespace of one place (a process's memory, a directory, a database).
///
/// ``CredentialStore`` works over any `CredentialStorage`: it asks for a sibling storage per
/// credential with ``storage(forCredential:)``, lists what is stored with
/// ``storedCredentialIds()`` and keeps its own small record (tags, the default credential,
/// cached user info) with ``updateCatalog(_:)``. Everything is scoped by ``namespace``, so
/// two namespaces in the same place never see each other's tokens.
///
/// ```swift
/// let work = try EncryptedFileTokenStorage(directory: dir, key: key, namespace: "work")
/// let home = try EncryptedFileTokenStorage(directory: dir, key: key, namespace: "home")
/// let alice = try work.storage(forCredential: "alice")
/// ```
public protocol CredentialStorage: TokenStorage {
    /// The namespace everything this storage stores is scoped by.
    var namespace: String { get }
    /// The credential this storage keeps the token of.
    var credentialId: String { get }
    /// A storage in the same place and namespace for another credential.
    func storage(forCredential credentialId: String) throws -> Self
    /// The ids of the credentials that hold a token in this namespace, sorted.
    func storedCredentialIds() async throws -> [String]
    /// The namespace's catalog (opaque bytes owned by the credential store), or `nil`.
    func loadCatalog() async throws -> Data?
    /// Replaces the catalog with `transform(current)` atomically with respect to every other
    /// user of the namespace (other tasks and, for shared storages, other processes), and
    /// returns what was stored. Returning `nil` from `transform` deletes the catalog.
    @discardableResult
    func updateCatalog(_ transform: @escaping @Sendable (Data?) throws -> Data?) async throws -> Data?
}
