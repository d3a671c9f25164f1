import BoxLikeSDK
import BoxLikeSDKPostgres
import Foundation
import PostgresNIO
import Testing

@Suite("PostgreSQL token storage")
struct PostgresTokenStorageTests {
    private func namespace() -> String { "pg-\(UUID().uuidString.prefix(8))" }

    @Test func rowsAreKeyedByNamespaceAndCredentialId() async throws {
        let client = try await PostgresFixture.shared.client()
        let namespace = namespace()
        let storage = PostgresTokenStorage(client: client, namespace: namespace, credentialId: "alice")
        try await storage.store(token: AccessToken(accessToken: "alice-token"))
        let rows = try await client.query("""
            SELECT credential_id, token->>'accessToken' FROM boxlike_tokens WHERE namespace = \(namespace)
            """)
        var found: [(String, String?)] = []
        for try await (id, access) in rows.decode((String, String?).self) { found.append((id, access)) }
        #expect(found.count == 1)
        #expect(found.first?.0 == "alice")
        #expect(found.first?.1 == "alice-token")
    }

    @Test func aRefreshWaitingTooLongForAnotherInstancesLockTimesOut() async throws {
        let client = try await PostgresFixture.shared.client()
        let namespace = namespace()
        let storage = PostgresTokenStorage(client: client, namespace: namespace, lockTimeout: .milliseconds(300))
        try await storage.store(token: AccessToken(accessToken: "old", expiresAt: Date().addingTimeInterval(-60)))
        // Another instance in the middle of a slow refresh holds the row lock.
        let (locked, lockedContinuation) = AsyncStream<Void>.makeStream()
        let (release, releaseContinuation) = AsyncStream<Void>.makeStream()
        let otherInstance = Task {
            try await client.withTransaction(logger: PostgresTokenStorage.silentLogger) { connection in
                try await connection.query("""
                    SELECT token FROM boxlike_tokens WHERE namespace = \(namespace) AND credential_id = 'default' FOR UPDATE
                    """, logger: PostgresTokenStorage.silentLogger)
                lockedContinuation.yield()
                for await _ in release { break }
            }
        }
        for await _ in locked { break }
        let refreshed = RefreshFlag()
        await #expect(throws: TokenStorageError.lockTimeout(resource: "boxlike_tokens[\(namespace)/default]", seconds: 0.3)) {
            try await storage.refreshCoordinated(isUsable: { _ in false }) { _ in
                await refreshed.set()
                return AccessToken(accessToken: "never")
            }
        }
        releaseContinuation.yield()
        try await otherInstance.value
        #expect(await refreshed.value == false)
        #expect(try await storage.get()?.accessToken == "old")
    }

    @Test func theTablesAreCreatedWhenMissing() async throws {
        let client = try await PostgresFixture.shared.client()
        try await PostgresTokenSchema.createIfMissing(client: client)
        let rows = try await client.query("""
            SELECT count(*) FROM information_schema.tables
            WHERE table_name IN ('boxlike_tokens', 'boxlike_credential_catalogs')
            """)
        var count = 0
        for try await value in rows.decode(Int.self) { count = value }
        #expect(count == 2)
    }

    @Test func aCredentialStoreOverPostgresIsSharedByEveryInstance() async throws {
        let client = try await PostgresFixture.shared.client()
        let namespace = namespace()
        let factory = AuthenticationFactory.oauth(clientId: "app", clientSecret: "secret")
        let first = CredentialStore(storage: PostgresTokenStorage(client: client, namespace: namespace), authentication: factory)
        let alice = try await first.store(token: AccessToken(accessToken: "a", refreshToken: "ra"), tags: ["team": "sales"], id: "alice")
        _ = try await first.store(token: AccessToken(accessToken: "b", refreshToken: "rb"), tags: ["team": "ops"], id: "bob")
        try await alice.setTags(["team": "sales", "role": "admin"])

        // Another instance of the app, with its own storage object over the same database.
        let second = CredentialStore(storage: PostgresTokenStorage(client: client, namespace: namespace), authentication: factory)
        #expect(try await second.allCredentials.map(\.id) == ["alice", "bob"])
        #expect(try await second.defaultCredential?.id == "alice")
        #expect(try await second.find(tags: ["role": "admin"]).map(\.id) == ["alice"])
        #expect(try await second.credential(id: "bob")?.token()?.accessToken == "b")
        try await second.credential(id: "alice")?.remove()
        #expect(try await first.defaultCredential == nil)
        #expect(try await first.allCredentials.map(\.id) == ["bob"])
    }

    actor RefreshFlag {
        private(set) var value = false
        func set() { value = true }
    }
}
