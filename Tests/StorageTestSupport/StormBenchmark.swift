import BoxLikeSDK
import BoxLikeSDKPostgres
import BoxLikeServer
import Foundation
import PostgresNIO

/// The storm benchmarks: eight processes refresh one expired token through an encrypted file
/// and through PostgreSQL; the figure is how many token requests the server saw (1 is right).
///
/// Run as `boxlike-storage-worker benchmark`, which prints
/// `figure file_storm_token_requests <n>` and `figure postgres_storm_token_requests <n>`.
public enum StormBenchmark {
    /// Runs both storms and returns the figures, in order.
    public static func figures(processes: Int = 8) async throws -> [(name: String, value: Int)] {
        let server = try await BoxLikeServer.start()
        do {
            let figures = try await [
                ("file_storm_token_requests", fileStorm(server: server, processes: processes)),
                ("postgres_storm_token_requests", postgresStorm(server: server, processes: processes)),
            ]
            await server.stop()
            return figures
        } catch {
            await server.stop()
            throw error
        }
    }

    private static func ccgClient(_ server: BoxLikeServer) throws -> RefreshStorm.Client {
        guard let origin = URL(string: server.origin), let secret = server.seed.ccgClient.secret else {
            throw ClusterError(message: "the server has no usable origin or CCG client")
        }
        return RefreshStorm.Client(origin: origin, clientId: server.seed.ccgClient.id, clientSecret: secret,
                                   enterpriseId: server.seed.enterpriseId)
    }

    private static func fileStorm(server: BoxLikeServer, processes: Int) async throws -> Int {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = EncryptedFileTokenStorage.Key.generate()
        let storage = try EncryptedFileTokenStorage(directory: directory, key: key, namespace: "bench", credentialId: "shared")
        try await storage.store(token: RefreshStorm.expiredToken())
        let before = await server.requestLog.tokenRequestCount()
        _ = try await RefreshStorm.run(backend: .file(directory: directory.path, keyBase64: key.base64EncodedString()),
                                       client: ccgClient(server), namespace: "bench", credentialId: "shared",
                                       processes: processes)
        return await server.requestLog.tokenRequestCount() - before
    }

    private static func postgresStorm(server: BoxLikeServer, processes: Int) async throws -> Int {
        let (endpoint, cluster) = try PostgresCluster.endpointFromEnvironmentOrStart()
        defer { cluster?.stop() }
        let client = PostgresClient(configuration: .init(
            host: endpoint.host, port: endpoint.port, username: endpoint.username, password: endpoint.password,
            database: endpoint.database, tls: .disable))
        return try await withThrowingTaskGroup(of: Int?.self) { group in
            group.addTask {
                await client.run()
                return nil
            }
            let namespace = "bench-\(UUID().uuidString.prefix(8))"
            let storage = PostgresTokenStorage(client: client, namespace: namespace, credentialId: "shared")
            try await storage.store(token: RefreshStorm.expiredToken())
            let before = await server.requestLog.tokenRequestCount()
            _ = try await RefreshStorm.run(backend: .postgres(endpoint), client: ccgClient(server), namespace: namespace,
                                           credentialId: "shared", processes: processes)
            let count = await server.requestLog.tokenRequestCount() - before
            group.cancelAll()
            return count
        }
    }
}
