import Logging
import PostgresNIO

/// The tables a ``PostgresTokenStorage`` keeps its data in, and the one-time creation of them.
///
/// ```sql
/// boxlike_tokens(namespace, credential_id, token jsonb, updated_at, PRIMARY KEY (namespace, credential_id))
/// boxlike_credential_catalogs(namespace PRIMARY KEY, catalog bytea, updated_at)
/// ```
public enum PostgresTokenSchema {
    /// The table of tokens, one row per namespace and credential id.
    public static let tokensTable = "boxlike_tokens"
    /// The table of credential-store catalogs, one row per namespace.
    public static let catalogsTable = "boxlike_credential_catalogs"

    /// Creates both tables when missing. Safe to run from many processes at once: creation
    /// happens under a transaction-scoped advisory lock, because concurrent
    /// `CREATE TABLE IF NOT EXISTS` can still collide in PostgreSQL's catalogs.
    public static func createIfMissing(client: PostgresClient, logger: Logger = PostgresTokenStorage.silentLogger) async throws {
        do {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(schemaLockKey))", logger: logger)
                try await connection.query("""
                    CREATE TABLE IF NOT EXISTS boxlike_tokens (
                        namespace text NOT NULL,
                        credential_id text NOT NULL,
                        token jsonb,
                        updated_at timestamptz NOT NULL DEFAULT now(),
                        PRIMARY KEY (namespace, credential_id)
                    )
                    """, logger: logger)
                try await connection.query("""
                    CREATE TABLE IF NOT EXISTS boxlike_credential_catalogs (
                        namespace text PRIMARY KEY,
                        catalog bytea NOT NULL,
                        updated_at timestamptz NOT NULL DEFAULT now()
                    )
                    """, logger: logger)
            }
        } catch {
            throw PostgresStorageErrors.map(error)
        }
    }

    /// An arbitrary constant naming the schema lock among the database's advisory locks.
    static let schemaLockKey: Int64 = 0x426F_784C_696B_6531

    /// Remembers, for a family of storages, that the tables exist, so they are created at most
    /// once per process instead of before every query.
    actor Readiness {
        private var ready = false
        private let createIfMissing: Bool

        init(createIfMissing: Bool) {
            self.createIfMissing = createIfMissing
        }

        func ensure(client: PostgresClient, logger: Logger) async throws {
            guard createIfMissing, !ready else { return }
            try await PostgresTokenSchema.createIfMissing(client: client, logger: logger)
            ready = true
        }
    }
}
