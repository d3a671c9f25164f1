import BoxLikeSDK
import BoxLikeSDKPostgres
import Foundation
import PostgresNIO
import Testing

/// `CredentialStore.migrate(to:)` across every real storage: memory → encrypted file → PostgreSQL.
@Suite("Credential migration")
struct CredentialMigrationTests {
    private let factory = AuthenticationFactory.oauth(clientId: "app", clientSecret: "secret")

    private func token(_ name: String) -> AccessToken {
        AccessToken(accessToken: name, expiresIn: 3600, refreshToken: "refresh-\(name)",
                    issuedAt: Date(timeIntervalSince1970: 2_000_000_000))
    }

    @Test func credentialsTagsAndTheDefaultTravelFromMemoryThroughAFileToPostgres() async throws {
        let namespace = "mig-\(UUID().uuidString.prefix(8).lowercased())"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-migration-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }

        let memory = CredentialStore(storage: InMemoryTokenStorage(namespace: namespace), authentication: factory)
        for (name, team) in [("alice", "sales"), ("bob", "ops"), ("carol", "legal")] {
            _ = try await memory.store(token: token(name), tags: ["team": team], id: name)
        }
        try await memory.setDefault(try await memory.credential(id: "carol"))

        let file = try EncryptedFileTokenStorage(directory: directory, key: .generate(), namespace: namespace)
        #expect(try await memory.migrate(to: file) == ["alice", "bob", "carol"])
        let fileStore = CredentialStore(storage: file, authentication: factory)

        let client = try await PostgresFixture.shared.client()
        let postgres = PostgresTokenStorage(client: client, namespace: namespace)
        #expect(try await fileStore.migrate(to: postgres) == ["alice", "bob", "carol"])
        // A second run (as after an interrupted one) changes nothing.
        #expect(try await fileStore.migrate(to: postgres) == ["alice", "bob", "carol"])

        let migrated = CredentialStore(storage: PostgresTokenStorage(client: client, namespace: namespace), authentication: factory)
        #expect(try await migrated.allCredentials.map(\.id) == ["alice", "bob", "carol"])
        #expect(try await migrated.defaultCredential?.id == "carol")
        for (name, team) in [("alice", "sales"), ("bob", "ops"), ("carol", "legal")] {
            #expect(try await migrated.credential(id: name)?.tags == ["team": team])
            #expect(try await migrated.credential(id: name)?.token() == token(name))
        }
        // The sources are untouched.
        #expect(try await memory.allCredentials.map(\.id) == ["alice", "bob", "carol"])
        #expect(try await fileStore.credential(id: "bob")?.token() == token("bob"))
    }
}
