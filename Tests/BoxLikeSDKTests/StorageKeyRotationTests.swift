import BoxLikeSDK
import Foundation
import Testing

/// Re-encrypting an encrypted-file storage under a new key.
@Suite("Encrypted file key rotation")
struct StorageKeyRotationTests {
    private func token(_ name: String) -> AccessToken {
        AccessToken(accessToken: name, expiresIn: 3600, refreshToken: "refresh-\(name)",
                    issuedAt: Date(timeIntervalSince1970: 2_000_000_000))
    }

    private func store(_ storage: EncryptedFileTokenStorage) -> CredentialStore {
        CredentialStore(storage: storage, authentication: .oauth(clientId: "app", clientSecret: "secret"))
    }

    @Test func rotationReencryptsEveryTokenAndTheCatalogUnderTheNewKey() async throws {
        let directory = try StorageTestDirectory()
        defer { directory.remove() }
        let oldKey = EncryptedFileTokenStorage.Key.generate()
        let newKey = EncryptedFileTokenStorage.Key.generate()
        let before = store(try EncryptedFileTokenStorage(directory: directory.url, key: oldKey, namespace: "app"))
        _ = try await before.store(token: token("a"), tags: ["team": "sales"], id: "alice")
        _ = try await before.store(token: token("b"), id: "bob")

        let rotating = try EncryptedFileTokenStorage(directory: directory.url, key: newKey, previousKeys: [oldKey], namespace: "app")
        // Before and during the rotation, a storage given both keys reads everything.
        #expect(try await rotating.storage(forCredential: "alice").get() == token("a"))
        #expect(try await rotating.rotateKey() == 3)  // two tokens and the catalog
        #expect(try await rotating.rotateKey() == 0)

        let after = store(try EncryptedFileTokenStorage(directory: directory.url, key: newKey, namespace: "app"))
        #expect(try await after.allCredentials.map(\.id) == ["alice", "bob"])
        #expect(try await after.credential(id: "alice")?.tags == ["team": "sales"])
        #expect(try await after.credential(id: "bob")?.token() == token("b"))

        let stale = try EncryptedFileTokenStorage(directory: directory.url, key: oldKey, namespace: "app", credentialId: "alice")
        let error = await #expect(throws: TokenStorageError.self) { try await stale.get() }
        if case .wrongKey = error {} else { Issue.record("expected wrongKey, got \(String(describing: error))") }
    }

    @Test func aHalfFinishedRotationLosesNothingAndCompletesWhenRunAgain() async throws {
        let directory = try StorageTestDirectory()
        defer { directory.remove() }
        let oldKey = EncryptedFileTokenStorage.Key.generate()
        let newKey = EncryptedFileTokenStorage.Key.generate()
        let old = try EncryptedFileTokenStorage(directory: directory.url, key: oldKey, namespace: "app")
        for name in ["alice", "bob", "carol"] {
            try await old.storage(forCredential: name).store(token: token(name))
        }
        // As if a rotation was killed after rewriting one file: bob is sealed with the new
        // key, the others still with the old one.
        let rotating = try EncryptedFileTokenStorage(directory: directory.url, key: newKey, previousKeys: [oldKey], namespace: "app")
        try await rotating.storage(forCredential: "bob").store(token: token("bob"))
        for name in ["alice", "bob", "carol"] {
            #expect(try await rotating.storage(forCredential: name).get() == token(name))
        }
        #expect(try await rotating.rotateKey() == 2)
        let done = try EncryptedFileTokenStorage(directory: directory.url, key: newKey, namespace: "app")
        for name in ["alice", "bob", "carol"] {
            #expect(try await done.storage(forCredential: name).get() == token(name))
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.appendingPathComponent("app").path)
            .filter { !$0.hasSuffix(".token") && !$0.hasSuffix(".lock") }
        #expect(leftovers.isEmpty)
    }

    @Test func aFileSealedWithAnUnknownKeyIsNotRewritten() async throws {
        let directory = try StorageTestDirectory()
        defer { directory.remove() }
        let otherKey = EncryptedFileTokenStorage.Key.generate()
        try await EncryptedFileTokenStorage(directory: directory.url, key: otherKey, namespace: "app", credentialId: "x")
            .store(token: token("x"))
        let rotating = try EncryptedFileTokenStorage(directory: directory.url, key: .generate(),
                                                     previousKeys: [.generate()], namespace: "app")
        await #expect(throws: TokenStorageError.self) { try await rotating.rotateKey() }
        #expect(try await EncryptedFileTokenStorage(directory: directory.url, key: otherKey, namespace: "app", credentialId: "x")
            .get() == token("x"))
    }
}
