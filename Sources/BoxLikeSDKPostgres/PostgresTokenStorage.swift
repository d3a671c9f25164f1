import BoxLikeSDK
import Foundation
import Logging
import PostgresNIO

/// Keeps tokens in PostgreSQL, for apps running on many machines.
///
/// Rows are keyed by namespace and credential id in ``PostgresTokenSchema/tokensTable``,
/// which is created on first use. ``refreshCoordinated(isUsable:refresh:)`` locks the row
/// (`SELECT … FOR UPDATE`, bounded by `lock_timeout`), so when many instances find the token
/// expired at once exactly one calls the token endpoint; the others wait, then read the
/// token it stored. An instance that lost the race therefore uses the newest refresh token
/// instead of a rotated, dead one.
///
/// The client must be running (`client.run()` in a task), as postgres-nio requires:
///
/// ```swift
/// let client = PostgresClient(configuration: .init(host: "db", username: "app", password: pw,
///                                                  database: "app", tls: .disable))
/// async let _ = client.run()
/// let storage = PostgresTokenStorage(client: client, namespace: "prod")
/// let auth = BoxCCGAuth(config: CCGConfig(clientId: id, clientSecret: secret, tokenStorage: storage))
/// ```
///
/// Tokens are stored as JSON, readable by anyone who can read the table: restrict the table
/// to the app's database role.
public struct PostgresTokenStorage: CredentialStorage {
    /// The client queries go through.
    public let client: PostgresClient
    /// The namespace everything stored here is scoped by.
    public let namespace: String
    /// The credential whose token this storage keeps.
    public let credentialId: String
    /// How long a coordinated refresh waits for another instance's row lock before failing
    /// with ``TokenStorageError/lockTimeout(resource:seconds:)``.
    public let lockTimeout: Duration
    /// Where query logs go.
    public let logger: Logger

    private let readiness: PostgresTokenSchema.Readiness

    /// Tasks of one process queue here before taking a row lock, so they do not each hold a
    /// pooled connection while waiting.
    private static let inProcessLocks = KeyedAsyncLock()

    /// A logger that discards everything; the default.
    public static let silentLogger = Logger(label: "boxlike.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Creates a storage.
    ///
    /// - Parameters:
    ///   - client: A running postgres-nio client.
    ///   - namespace: Scopes every row this storage reads or writes.
    ///   - credentialId: The credential whose token this storage keeps.
    ///   - lockTimeout: The longest wait for another instance's refresh.
    ///   - createTableIfMissing: Creates the tables on first use; turn off when migrations
    ///     create them (see ``PostgresTokenSchema/createIfMissing(client:logger:)``).
    public init(
        client: PostgresClient,
        namespace: String = "default",
        credentialId: String = "default",
        lockTimeout: Duration = .seconds(30),
        createTableIfMissing: Bool = true,
        logger: Logger = PostgresTokenStorage.silentLogger
    ) {
        self.init(client: client, namespace: namespace, credentialId: credentialId, lockTimeout: lockTimeout,
                  logger: logger, readiness: PostgresTokenSchema.Readiness(createIfMissing: createTableIfMissing))
    }

    private init(client: PostgresClient, namespace: String, credentialId: String, lockTimeout: Duration,
                 logger: Logger, readiness: PostgresTokenSchema.Readiness) {
        self.client = client
        self.namespace = namespace
        self.credentialId = credentialId
        self.lockTimeout = lockTimeout
        self.logger = logger
        self.readiness = readiness
    }

    private var resource: String { "\(PostgresTokenSchema.tokensTable)[\(namespace)/\(credentialId)]" }

    /// Stores `token`, replacing any previous one.
    public func store(token: AccessToken) async throws {
        let json = String(decoding: try StoredTokenCoding.encode(token), as: UTF8.self)
        try await run {
            try await client.query("""
                INSERT INTO boxlike_tokens (namespace, credential_id, token, updated_at)
                VALUES (\(namespace), \(credentialId), \(json)::jsonb, now())
                ON CONFLICT (namespace, credential_id) DO UPDATE SET token = EXCLUDED.token, updated_at = now()
                """, logger: logger)
        }
    }

    /// The stored token, or `nil` when none is stored.
    public func get() async throws -> AccessToken? {
        let json = try await run { () -> String? in
            let rows = try await client.query("""
                SELECT token::text FROM boxlike_tokens WHERE namespace = \(namespace) AND credential_id = \(credentialId)
                """, logger: logger)
            var found: String?
            for try await text in rows.decode(String?.self) { found = text }
            return found
        }
        return try decode(json)
    }

    /// Deletes the row.
    public func clear() async throws {
        try await run {
            try await client.query("""
                DELETE FROM boxlike_tokens WHERE namespace = \(namespace) AND credential_id = \(credentialId)
                """, logger: logger)
        }
    }

    /// Refreshes at most once among every instance sharing the database: inside a
    /// transaction, locks the row, re-reads the token and only when it is still unusable
    /// calls `refresh` and writes the result before committing.
    ///
    /// When `refresh` throws, the transaction rolls back and the stored token is unchanged.
    public func refreshCoordinated(
        isUsable: @escaping @Sendable (AccessToken) -> Bool,
        refresh: @escaping @Sendable (AccessToken?) async throws -> AccessToken
    ) async throws -> AccessToken {
        try await readiness.ensure(client: client, logger: logger)
        let (client, logger, namespace, credentialId) = (self.client, self.logger, self.namespace, self.credentialId)
        let timeoutMilliseconds = String(max(1, lockTimeout.components.seconds * 1000
            + lockTimeout.components.attoseconds / 1_000_000_000_000_000))
        let lockTimeout = self.lockTimeout
        let resource = self.resource
        return try await Self.inProcessLocks.withLock("\(namespace)/\(credentialId)") {
            do {
                return try await client.withTransaction(logger: logger) { connection in
                    try await connection.query("SELECT set_config('lock_timeout', \(timeoutMilliseconds), true)", logger: logger)
                    // The row must exist to be locked; a concurrent first insert waits here
                    // for the other transaction and then finds the row.
                    try await connection.query("""
                        INSERT INTO boxlike_tokens (namespace, credential_id, token) VALUES (\(namespace), \(credentialId), NULL)
                        ON CONFLICT (namespace, credential_id) DO NOTHING
                        """, logger: logger)
                    let rows = try await connection.query("""
                        SELECT token::text FROM boxlike_tokens
                        WHERE namespace = \(namespace) AND credential_id = \(credentialId) FOR UPDATE
                        """, logger: logger)
                    var json: String?
                    for try await text in rows.decode(String?.self) { json = text }
                    let current = try Self.decode(json, resource: resource)
                    if let current, isUsable(current) { return current }
                    let fresh = try await refresh(current)
                    let freshJSON = String(decoding: try StoredTokenCoding.encode(fresh), as: UTF8.self)
                    try await connection.query("""
                        UPDATE boxlike_tokens SET token = \(freshJSON)::jsonb, updated_at = now()
                        WHERE namespace = \(namespace) AND credential_id = \(credentialId)
                        """, logger: logger)
                    return fresh
                }
            } catch let error as PostgresTransactionError {
                // Report what failed inside the transaction, not the wrapper.
                throw PostgresStorageErrors.map(error.closureError ?? error.beginError ?? error.commitError ?? error,
                                                lockTimeout: lockTimeout, resource: resource)
            } catch {
                throw PostgresStorageErrors.map(error, lockTimeout: lockTimeout, resource: resource)
            }
        }
    }

    /// A storage for another credential with the same client and namespace.
    public func storage(forCredential credentialId: String) -> PostgresTokenStorage {
        PostgresTokenStorage(client: client, namespace: namespace, credentialId: credentialId,
                             lockTimeout: lockTimeout, logger: logger, readiness: readiness)
    }

    /// The credentials holding a token in this namespace.
    public func storedCredentialIds() async throws -> [String] {
        try await run {
            let rows = try await client.query("""
                SELECT credential_id FROM boxlike_tokens
                WHERE namespace = \(namespace) AND token IS NOT NULL ORDER BY credential_id
                """, logger: logger)
            var ids: [String] = []
            for try await id in rows.decode(String.self) { ids.append(id) }
            return ids
        }
    }

    /// The namespace's catalog.
    public func loadCatalog() async throws -> Data? {
        try await run {
            let rows = try await client.query("""
                SELECT catalog FROM boxlike_credential_catalogs WHERE namespace = \(namespace)
                """, logger: logger)
            var found: Data?
            for try await data in rows.decode(Data.self) { found = data }
            return found
        }
    }

    /// Replaces the catalog inside a transaction holding the namespace's advisory lock, so
    /// concurrent updates from other instances are applied one after the other.
    @discardableResult
    public func updateCatalog(_ transform: @escaping @Sendable (Data?) throws -> Data?) async throws -> Data? {
        let (namespace, logger) = (self.namespace, self.logger)
        return try await run {
            try await client.withTransaction(logger: logger) { connection -> Data? in
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(hashtext(\("boxlike-catalog:" + namespace)))", logger: logger)
                let rows = try await connection.query("""
                    SELECT catalog FROM boxlike_credential_catalogs WHERE namespace = \(namespace)
                    """, logger: logger)
                var current: Data?
                for try await data in rows.decode(Data.self) { current = data }
                let updated = try transform(current)
                if let updated {
                    try await connection.query("""
                        INSERT INTO boxlike_credential_catalogs (namespace, catalog, updated_at)
                        VALUES (\(namespace), \(updated), now())
                        ON CONFLICT (namespace) DO UPDATE SET catalog = EXCLUDED.catalog, updated_at = now()
                        """, logger: logger)
                } else {
                    try await connection.query(
                        "DELETE FROM boxlike_credential_catalogs WHERE namespace = \(namespace)", logger: logger)
                }
                return updated
            }
        }
    }

    // MARK: - Helpers

    private func decode(_ json: String?) throws -> AccessToken? {
        try Self.decode(json, resource: resource)
    }

    private static func decode(_ json: String?, resource: String) throws -> AccessToken? {
        guard let json else { return nil }
        return try StoredTokenCoding.decode(AccessToken.self, from: Data(json.utf8), resource: resource)
    }

    /// Makes sure the tables exist, then runs `body`, mapping database errors.
    @discardableResult
    private func run<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        do {
            try await readiness.ensure(client: client, logger: logger)
            return try await body()
        } catch let error as PostgresTransactionError {
            throw PostgresStorageErrors.map(error.closureError ?? error.beginError ?? error.commitError ?? error)
        } catch {
            throw PostgresStorageErrors.map(error)
        }
    }
}
