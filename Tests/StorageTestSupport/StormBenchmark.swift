import BoxLikeNetworkTestSupport
import BoxLikeSDK
import BoxLikeSDKPostgres
import BoxLikeServer
import Foundation
import PostgresNIO

/// The storm benchmarks: eight processes refresh one expired token through an encrypted file
/// and through PostgreSQL. With client credentials the figure is how many token requests the
/// server saw (1 is right); with a rotating OAuth refresh token it is how many refreshes the
/// server refused as `invalid_grant` because a spent refresh token was posted again (0 is
/// right).
///
/// Run as `boxlike-storage-worker benchmark`, which prints `figure file_storm_token_requests`,
/// `postgres_storm_token_requests`, `file_rotation_storm_invalid_grants` and
/// `postgres_rotation_storm_invalid_grants`.
public enum StormBenchmark {
    /// Runs both storms and returns the figures, in order.
    public static func figures(processes: Int = 8) async throws -> [(name: String, value: Int)] {
        let server = try await BoxLikeServer.start()
        do {
            let figures = try await [
                ("file_storm_token_requests", fileStorm(server: server, processes: processes, grant: .clientCredentials)),
                ("postgres_storm_token_requests",
                 postgresStorm(server: server, processes: processes, grant: .clientCredentials)),
                ("file_rotation_storm_invalid_grants", fileStorm(server: server, processes: processes, grant: .refreshToken)),
                ("postgres_rotation_storm_invalid_grants",
                 postgresStorm(server: server, processes: processes, grant: .refreshToken)),
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

    /// The token the storm starts from, and the client the workers use.
    private static func start(_ grant: RefreshStorm.Grant, server: BoxLikeServer) async throws
        -> (token: AccessToken, client: RefreshStorm.Client) {
        switch grant {
        case .clientCredentials:
            return (RefreshStorm.expiredToken(), try ccgClient(server))
        case .refreshToken:
            return (try await SignedInToken.withExpiredAccessToken(server), try SignedInToken.oauthClient(server))
        }
    }

    /// What the storm costs: token requests for client credentials, `invalid_grant`
    /// answers for rotating refresh tokens.
    private static func counter(_ grant: RefreshStorm.Grant, server: BoxLikeServer) async -> Int {
        switch grant {
        case .clientCredentials: return await server.requestLog.tokenRequestCount()
        case .refreshToken: return await SignedInToken.invalidGrants(server)
        }
    }

    private static func fileStorm(server: BoxLikeServer, processes: Int, grant: RefreshStorm.Grant) async throws -> Int {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = EncryptedFileTokenStorage.Key.generate()
        let storage = try EncryptedFileTokenStorage(directory: directory, key: key, namespace: "bench", credentialId: "shared")
        let (token, client) = try await start(grant, server: server)
        try await storage.store(token: token)
        let before = await counter(grant, server: server)
        _ = try await RefreshStorm.run(backend: .file(directory: directory.path, keyBase64: key.base64EncodedString()),
                                       client: client, namespace: "bench", credentialId: "shared",
                                       processes: processes)
        return await counter(grant, server: server) - before
    }

    private static func postgresStorm(server: BoxLikeServer, processes: Int, grant: RefreshStorm.Grant) async throws -> Int {
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
            let namespace = "bench-\(UUID().uuidString.prefix(8).lowercased())"
            let storage = PostgresTokenStorage(client: client, namespace: namespace, credentialId: "shared")
            let (token, client) = try await start(grant, server: server)
            try await storage.store(token: token)
            let before = await counter(grant, server: server)
            _ = try await RefreshStorm.run(backend: .postgres(endpoint), client: client, namespace: namespace,
                                           credentialId: "shared", processes: processes)
            let count = await counter(grant, server: server) - before
            group.cancelAll()
            return count
        }
    }
}
