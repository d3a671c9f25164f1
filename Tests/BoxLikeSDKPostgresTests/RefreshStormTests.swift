import BoxLikeSDK
import BoxLikeSDKPostgres
import BoxLikeServer
import BoxLikeStorageTestSupport
import Foundation
import Testing

/// Eight separate processes find the shared token expired at the same instant: exactly one
/// of them may call the token endpoint, and all must end with the token it obtained.
@Suite("Multi-process refresh storms")
struct RefreshStormTests {
    static let rounds = 3

    private func client(for server: BoxLikeServer) throws -> RefreshStorm.Client {
        RefreshStorm.Client(
            origin: try #require(URL(string: server.origin)),
            clientId: server.seed.ccgClient.id,
            clientSecret: try #require(server.seed.ccgClient.secret),
            enterpriseId: server.seed.enterpriseId)
    }

    private func assertOneTokenRequestPerRound(
        server: BoxLikeServer, storage: any TokenStorage, backend: RefreshStorm.Backend, namespace: String
    ) async throws {
        let client = try client(for: server)
        for _ in 0..<Self.rounds {
            try await storage.store(token: RefreshStorm.expiredToken())
            let before = await server.requestLog.tokenRequestCount()
            let fingerprints = try await RefreshStorm.run(
                backend: backend, client: client, namespace: namespace, credentialId: "shared")
            let requests = await server.requestLog.tokenRequestCount() - before
            #expect(requests == 1)
            #expect(fingerprints.count == 8)
            #expect(Set(fingerprints).count == 1)
            #expect(try await storage.get()?.isExpired() == false)
        }
    }

    @Test func eightProcessesOnOneEncryptedFileRequestOneToken() async throws {
        let server = try await BoxLikeServer.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-storm-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = EncryptedFileTokenStorage.Key.generate()
        let storage = try EncryptedFileTokenStorage(directory: directory, key: key, namespace: "storm", credentialId: "shared")
        do {
            try await assertOneTokenRequestPerRound(
                server: server, storage: storage,
                backend: .file(directory: directory.path, keyBase64: key.base64EncodedString()), namespace: "storm")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func eightProcessesOnOnePostgresDatabaseRequestOneToken() async throws {
        let server = try await BoxLikeServer.start()
        let namespace = "storm-\(UUID().uuidString.prefix(8))"
        let storage = PostgresTokenStorage(
            client: try await PostgresFixture.shared.client(), namespace: namespace, credentialId: "shared")
        do {
            try await assertOneTokenRequestPerRound(
                server: server, storage: storage,
                backend: .postgres(try await PostgresFixture.shared.endpoint()), namespace: namespace)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
