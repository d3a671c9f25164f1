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

    /// Eight workers hold the same OAuth session whose access token expired: one of them
    /// spends the refresh token, the others wait for it and use what it stored.
    private func assertOneRotationWithoutInvalidGrant(
        server: BoxLikeServer, storage: any TokenStorage, backend: RefreshStorm.Backend, namespace: String
    ) async throws {
        let signedIn = try await SignedInToken.withExpiredAccessToken(server)
        try await storage.store(token: signedIn)
        let before = await server.requestLog.tokenRequestCount(grantType: "refresh_token")
        let fingerprints = try await RefreshStorm.run(
            backend: backend, client: try SignedInToken.oauthClient(server), namespace: namespace,
            credentialId: "shared")
        #expect(await server.requestLog.tokenRequestCount(grantType: "refresh_token") - before == 1)
        #expect(await SignedInToken.invalidGrants(server) == 0)
        #expect(fingerprints.count == 8)
        #expect(Set(fingerprints).count == 1, "every process ends with the same new token")
        let stored = try #require(try await storage.get())
        #expect(!stored.isExpired())
        #expect(stored.refreshToken != signedIn.refreshToken, "the rotated refresh token was stored")
    }

    enum SharedStorage {
        case encryptedFile
        case postgres
    }

    /// Runs `body` with a fresh server and a storage of `kind` that storm workers can share,
    /// stopping the server on every path.
    private func withStormServer(
        _ kind: SharedStorage, name: String,
        _ body: (BoxLikeServer, any TokenStorage, RefreshStorm.Backend, String) async throws -> Void
    ) async throws {
        let server = try await BoxLikeServer.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-\(name)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            switch kind {
            case .encryptedFile:
                let key = EncryptedFileTokenStorage.Key.generate()
                let storage = try EncryptedFileTokenStorage(directory: directory, key: key, namespace: name,
                                                            credentialId: "shared")
                try await body(server, storage, .file(directory: directory.path, keyBase64: key.base64EncodedString()),
                               name)
            case .postgres:
                let namespace = "\(name)-\(UUID().uuidString.prefix(8).lowercased())"
                let storage = PostgresTokenStorage(
                    client: try await PostgresFixture.shared.client(), namespace: namespace, credentialId: "shared")
                try await body(server, storage, .postgres(try await PostgresFixture.shared.endpoint()), namespace)
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func eightProcessesRotatingOneRefreshTokenThroughAnEncryptedFileNeverSpendItTwice() async throws {
        try await withStormServer(.encryptedFile, name: "rotation", assertOneRotationWithoutInvalidGrant)
    }

    @Test func eightProcessesRotatingOneRefreshTokenThroughPostgresNeverSpendItTwice() async throws {
        try await withStormServer(.postgres, name: "rotation", assertOneRotationWithoutInvalidGrant)
    }

    @Test func eightProcessesOnOneEncryptedFileRequestOneToken() async throws {
        try await withStormServer(.encryptedFile, name: "storm", assertOneTokenRequestPerRound)
    }

    @Test func eightProcessesOnOnePostgresDatabaseRequestOneToken() async throws {
        try await withStormServer(.postgres, name: "storm", assertOneTokenRequestPerRound)
    }
}
