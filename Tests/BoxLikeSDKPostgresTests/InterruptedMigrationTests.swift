import BoxLikeSDK
import BoxLikeSDKPostgres
import BoxLikeStorageTestSupport
import Foundation
import Testing

/// Migrations and key rotations killed with SIGKILL at a random moment, then run again.
@Suite("Interrupted migration and key rotation")
struct InterruptedMigrationTests {
    private static let factory = AuthenticationFactory.oauth(clientId: "app", clientSecret: "secret")

    private func token(_ index: Int) -> AccessToken {
        AccessToken(accessToken: "access-\(index)", expiresIn: 3600, refreshToken: "refresh-\(index)",
                    issuedAt: Date(timeIntervalSince1970: 2_000_000_000))
    }

    private func temporaryDirectory(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-\(name)-\(UUID().uuidString)")
    }

    @Test func aKilledMigrationCompletesWhenRunAgainAndTheSourceIsUntouched() async throws {
        let to = temporaryDirectory("migrate-to")
        defer { try? FileManager.default.removeItem(at: to) }
        try await killMigrationThenRerun(workerArguments: ["to=\(to.path)"]) { key, namespace in
            try EncryptedFileTokenStorage(directory: to, key: key, namespace: namespace)
        }
    }

    @Test func aKilledMigrationIntoPostgreSQLCompletesWhenRunAgainAndTheSourceIsUntouched() async throws {
        let endpoint = try await PostgresFixture.shared.endpoint()
        let client = try await PostgresFixture.shared.client()
        try await killMigrationThenRerun(workerArguments: ["to-backend=postgres"] + endpoint.workerArguments) { _, namespace in
            PostgresTokenStorage(client: client, namespace: namespace)
        }
    }

    /// Fills an encrypted-file store with 120 tagged credentials and a default, kills five
    /// migrations of it at random moments, checks the source was only read, then migrates
    /// again in this process and checks every credential, tag and the default arrived.
    private func killMigrationThenRerun<Destination: CredentialStorage>(
        workerArguments: [String], destination: (EncryptedFileTokenStorage.Key, String) throws -> Destination
    ) async throws {
        let from = temporaryDirectory("migrate-from")
        defer { try? FileManager.default.removeItem(at: from) }
        let namespace = "killed-\(UUID().uuidString.prefix(8).lowercased())"
        let key = EncryptedFileTokenStorage.Key.generate()
        let source = try EncryptedFileTokenStorage(directory: from, key: key, namespace: namespace)
        let sourceStore = CredentialStore(storage: source, authentication: Self.factory)
        let count = 120
        for index in 0..<count {
            _ = try await sourceStore.store(token: token(index), tags: ["n": "\(index)"], id: "user-\(index)")
        }
        try await sourceStore.setDefault(try await sourceStore.credential(id: "user-7"))
        let sourceFiles = try snapshot(from.appendingPathComponent(namespace))

        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5 {
            let worker = try StorageWorkerProcess.start(
                ["migrate", "from=\(from.path)", "namespace=\(namespace)"] + workerArguments,
                environment: ["BOXLIKE_TOKEN_KEY": key.base64EncodedString()])
            let ready = await StorageWorkerProcess.firstLine(of: worker)
            try #require(ready == "ready", "the worker did not start")
            // Kept: a random moment to kill the worker at, the point of the test (its work gives
            // no signal at every point where it could be interrupted).
            try await Task.sleep(for: .microseconds(Int.random(in: 0...40_000, using: &generator)))
            _ = await StorageWorkerProcess.kill(worker)
        }
        #expect(try snapshot(from.appendingPathComponent(namespace)) == sourceFiles, "the source is only read")

        let target = try destination(key, namespace)
        #expect(try await sourceStore.migrate(to: target).count == count)
        let migrated = CredentialStore(storage: try destination(key, namespace), authentication: Self.factory)
        #expect(try await migrated.allCredentials.count == count)
        #expect(try await migrated.defaultCredential?.id == "user-7")
        for index in [0, 7, 63, count - 1] {
            #expect(try await migrated.credential(id: "user-\(index)")?.token() == token(index))
            #expect(try await migrated.credential(id: "user-\(index)")?.tags == ["n": "\(index)"])
        }
    }

    @Test func aKilledKeyRotationLosesNothingAndCompletesWhenRunAgain() async throws {
        let directory = temporaryDirectory("rotate")
        defer { try? FileManager.default.removeItem(at: directory) }
        let oldKey = EncryptedFileTokenStorage.Key.generate()
        let newKey = EncryptedFileTokenStorage.Key.generate()
        let store = CredentialStore(storage: try EncryptedFileTokenStorage(directory: directory, key: oldKey, namespace: "app"),
                                    authentication: Self.factory)
        let count = 120
        for index in 0..<count {
            _ = try await store.store(token: token(index), id: "user-\(index)")
        }
        var generator = SystemRandomNumberGenerator()
        let both = try EncryptedFileTokenStorage(directory: directory, key: newKey, previousKeys: [oldKey], namespace: "app")
        for _ in 0..<5 {
            let worker = try StorageWorkerProcess.start(
                ["rotate", "dir=\(directory.path)", "namespace=app"],
                environment: ["BOXLIKE_TOKEN_KEY": newKey.base64EncodedString(),
                              "BOXLIKE_OLD_TOKEN_KEY": oldKey.base64EncodedString()])
            let ready = await StorageWorkerProcess.firstLine(of: worker)
            try #require(ready == "ready", "the worker did not start")
            // Kept: a random moment to kill the worker at, the point of the test (its work gives
            // no signal at every point where it could be interrupted).
            try await Task.sleep(for: .microseconds(Int.random(in: 0...40_000, using: &generator)))
            _ = await StorageWorkerProcess.kill(worker)
            // Whatever moment it died at, every token reads with both keys at hand.
            for index in [0, 59, count - 1] {
                #expect(try await both.storage(forCredential: "user-\(index)").get() == token(index))
            }
        }
        _ = try await both.rotateKey()
        let done = CredentialStore(storage: try EncryptedFileTokenStorage(directory: directory, key: newKey, namespace: "app"),
                                   authentication: Self.factory)
        #expect(try await done.allCredentials.count == count)
        for index in 0..<count {
            #expect(try await done.credential(id: "user-\(index)")?.token() == token(index))
        }
    }

    /// Every file's name and bytes (lock files aside: they are touched by readers too).
    private func snapshot(_ directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where !name.hasSuffix(".lock") {
            files[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return files
    }
}
