import Foundation

/// Keeps tokens in AES-GCM encrypted files: the Linux answer to a keychain.
///
/// Each credential is one file, `<directory>/<namespace>/<credentialId>.token`, sealed with a
/// 256-bit ``Key`` the app supplies. The storage guarantees:
/// - **Privacy**: files are created with mode 0600 and directories with 0700; a directory
///   others can write, or a file others can read, is refused with a typed error.
/// - **Crash safety**: every write goes to a temporary file in the same directory, is flushed,
///   renamed over the old file and the directory is flushed; a process killed at any moment
///   leaves the old token or the new one, never a torn or empty file.
/// - **Several processes**: writes and ``refreshCoordinated(isUsable:refresh:)`` hold an
///   advisory lock (`flock` on `<credentialId>.lock`), so processes sharing the directory
///   refresh once between them and never lose a rotated refresh token.
/// - **No silent loss**: a wrong key, a modified file or a cut-off file throws
///   (``TokenStorageError/wrongKey(path:)``, ``TokenStorageError/tampered(path:)``,
///   ``TokenStorageError/truncated(path:)``); it never reads as `nil`, so the file is never
///   overwritten by a caller that thought it empty.
///
/// ```swift
/// let key = try EncryptedFileTokenStorage.Key(environmentVariable: "BOXLIKE_TOKEN_KEY")
/// let storage = try EncryptedFileTokenStorage(
///     directory: URL(fileURLWithPath: "/var/lib/myapp/tokens"), key: key, namespace: "prod")
/// let auth = BoxCCGAuth(config: CCGConfig(clientId: id, clientSecret: secret, tokenStorage: storage))
/// ```
public struct EncryptedFileTokenStorage: CredentialStorage {
    /// The root directory; each namespace is a subdirectory of it.
    public let directory: URL
    /// The namespace everything stored here is scoped by.
    public let namespace: String
    /// The credential whose token this storage keeps.
    public let credentialId: String
    /// How long to wait for another process's lock before failing with
    /// ``TokenStorageError/lockTimeout(resource:seconds:)``.
    public let lockTimeout: Duration
    let key: Key
    /// Keys files may still be sealed with (a rotation in progress); they are read, never
    /// written.
    let previousKeys: [Key]

    /// Serializes this process's tasks before they compete for the file lock, so that they
    /// queue instead of polling.
    private static let inProcessLocks = KeyedAsyncLock()

    /// Creates a storage, creating its directories (mode 0700) when missing.
    ///
    /// - Throws: ``TokenStorageError/invalidName(_:)`` for a namespace or id that cannot be a
    ///   file name; ``TokenStorageError/insecureDirectory(path:mode:)`` when `directory` or the
    ///   namespace's directory can be written by others or belongs to someone else.
    ///
    /// - Parameters:
    ///   - directory: The root directory; each namespace is a subdirectory of it.
    ///   - key: The key every write uses.
    ///   - previousKeys: Keys files may still be sealed with during a key rotation: such files
    ///     are read, and ``rotateKey()`` re-encrypts them under `key`.
    ///   - namespace: The namespace everything stored here is scoped by.
    ///   - credentialId: The credential whose token this storage keeps.
    ///   - lockTimeout: How long to wait for another process's lock.
    public init(
        directory: URL,
        key: Key,
        previousKeys: [Key] = [],
        namespace: String = "default",
        credentialId: String = "default",
        lockTimeout: Duration = .seconds(30)
    ) throws {
        self.directory = directory.standardizedFileURL
        self.key = key
        self.previousKeys = previousKeys
        self.namespace = try StorageName.validate(namespace)
        self.credentialId = try StorageName.validate(credentialId)
        self.lockTimeout = lockTimeout
        try SecureFiles.ensurePrivateDirectory(self.directory.path)
        try SecureFiles.ensurePrivateDirectory(namespaceDirectory)
    }

    private init(sibling: EncryptedFileTokenStorage, credentialId: String) throws {
        self.directory = sibling.directory
        self.key = sibling.key
        self.previousKeys = sibling.previousKeys
        self.namespace = sibling.namespace
        self.credentialId = try StorageName.validate(credentialId)
        self.lockTimeout = sibling.lockTimeout
    }

    var namespaceDirectory: String { directory.appendingPathComponent(namespace).path }
    /// The encrypted token file.
    public var tokenFile: URL { URL(fileURLWithPath: namespaceDirectory).appendingPathComponent(credentialId + ".token") }
    private var lockFile: String { namespaceDirectory + "/" + credentialId + ".lock" }
    // A leading dot cannot start a credential id, so these names never collide with one.
    private var catalogFile: String { namespaceDirectory + "/.catalog" }
    private var catalogLockFile: String { namespaceDirectory + "/.catalog.lock" }
    private var tokenContext: String { "token:\(namespace)/\(credentialId)" }
    private var catalogContext: String { "catalog:\(namespace)" }

    /// Stores `token`, atomically replacing the previous one.
    public func store(token: AccessToken) async throws {
        try await withExclusiveLock(lockFile) {
            try write(StoredTokenCoding.encode(token), to: tokenFile.path, context: tokenContext)
        }
    }

    /// The stored token, or `nil` when no file exists.
    ///
    /// Reads need no lock: files are only ever replaced whole by a rename.
    public func get() async throws -> AccessToken? {
        try readToken()
    }

    /// Deletes the token file.
    public func clear() async throws {
        try await withExclusiveLock(lockFile) {
            try SecureFiles.remove(tokenFile.path)
        }
    }

    /// Refreshes at most once among every task and process sharing this file: takes the file
    /// lock, re-reads the token (another process may have refreshed it), and only when it is
    /// still unusable calls `refresh` and writes the result before unlocking.
    ///
    /// A file that cannot be read throws instead of being refreshed over, so a rotated
    /// refresh token is never replaced by one obtained without it.
    public func refreshCoordinated(
        isUsable: @escaping @Sendable (AccessToken) -> Bool,
        refresh: @escaping @Sendable (AccessToken?) async throws -> AccessToken
    ) async throws -> AccessToken {
        try await withExclusiveLock(lockFile) {
            let current = try readToken()
            if let current, isUsable(current) { return current }
            let fresh = try await refresh(current)
            try write(StoredTokenCoding.encode(fresh), to: tokenFile.path, context: tokenContext)
            return fresh
        }
    }

    /// A storage for another credential in the same directory, namespace and key.
    public func storage(forCredential credentialId: String) throws -> EncryptedFileTokenStorage {
        try EncryptedFileTokenStorage(sibling: self, credentialId: credentialId)
    }

    /// A storage for the same credential id in another namespace of the same directory.
    public func storage(forNamespace namespace: String) throws -> EncryptedFileTokenStorage {
        try EncryptedFileTokenStorage(directory: directory, key: key, previousKeys: previousKeys, namespace: namespace,
                                      credentialId: credentialId, lockTimeout: lockTimeout)
    }

    /// The credentials that have a token file in this namespace.
    public func storedCredentialIds() async throws -> [String] {
        try SecureFiles.entries(of: namespaceDirectory)
            .filter { $0.hasSuffix(".token") && !$0.hasPrefix(".") }
            .map { String($0.dropLast(".token".count)) }
            .sorted()
    }

    /// The namespace's catalog.
    public func loadCatalog() async throws -> Data? {
        try readSealed(catalogFile, context: catalogContext)
    }

    /// Replaces the catalog under the namespace's catalog lock.
    @discardableResult
    public func updateCatalog(_ transform: @escaping @Sendable (Data?) throws -> Data?) async throws -> Data? {
        try await withExclusiveLock(catalogLockFile) {
            let updated = try transform(readSealed(catalogFile, context: catalogContext))
            if let updated {
                try write(updated, to: catalogFile, context: catalogContext)
            } else {
                try SecureFiles.remove(catalogFile)
            }
            return updated
        }
    }

    // MARK: - Key rotation

    /// Re-encrypts under the current key every file of the namespace (each credential's token
    /// and the credential catalog) that is still sealed with one of the previous keys, and
    /// returns how many were.
    ///
    /// Each file is rewritten under its lock by the same atomic replace as any write, so a
    /// process killed mid-rotation leaves every file whole, sealed with the old key or the new
    /// one; a storage given both keys reads either, and running the rotation again finishes
    /// it. Once it returns, the previous keys are no longer needed.
    ///
    /// ```swift
    /// let storage = try EncryptedFileTokenStorage(directory: dir, key: newKey, previousKeys: [oldKey], namespace: "prod")
    /// try await storage.rotateKey()
    /// ```
    ///
    /// - Throws: ``TokenStorageError/wrongKey(path:)`` for a file sealed with a key this
    ///   storage was not given (nothing is rewritten with a key it cannot read).
    @discardableResult
    public func rotateKey() async throws -> Int {
        var rotated = 0
        for id in try await storedCredentialIds() {
            let sibling = try storage(forCredential: id)
            if try await sibling.reseal(sibling.tokenFile.path, lock: sibling.lockFile, context: sibling.tokenContext) {
                rotated += 1
            }
        }
        if try await reseal(catalogFile, lock: catalogLockFile, context: catalogContext) { rotated += 1 }
        return rotated
    }

    /// Rewrites one file under the current key when it is sealed with another.
    private func reseal(_ path: String, lock: String, context: String) async throws -> Bool {
        try await withExclusiveLock(lock) {
            guard let file = try SecureFiles.readPrivateFile(path),
                  SealedTokenFile.keyIdentifier(of: file) != key.identifier
            else { return false }
            let plaintext = try SealedTokenFile.open(file, keys: previousKeys + [key], context: context, path: path)
            try write(plaintext, to: path, context: context)
            return true
        }
    }

    // MARK: - Reading and writing sealed files

    private func readToken() throws -> AccessToken? {
        guard let plaintext = try readSealed(tokenFile.path, context: tokenContext) else { return nil }
        return try StoredTokenCoding.decode(AccessToken.self, from: plaintext, resource: tokenFile.path)
    }

    private func readSealed(_ path: String, context: String) throws -> Data? {
        guard let file = try SecureFiles.readPrivateFile(path) else { return nil }
        return try SealedTokenFile.open(file, keys: [key] + previousKeys, context: context, path: path)
    }

    private func write(_ plaintext: Data, to path: String, context: String) throws {
        // Checked on every write, not only at creation: a directory opened up later must not
        // receive a new token.
        try SecureFiles.ensurePrivateDirectory(namespaceDirectory)
        try SecureFiles.writeAtomically(SealedTokenFile.seal(plaintext, key: key, context: context), to: path)
    }

    private func withExclusiveLock<Result: Sendable>(
        _ path: String,
        _ body: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        let timeout = lockTimeout
        return try await Self.inProcessLocks.withLock(path) {
            try await FileLock.withLock(path, timeout: timeout, body)
        }
    }
}
