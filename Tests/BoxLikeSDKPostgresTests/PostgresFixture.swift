import BoxLikeStorageTestSupport
import Foundation
import Logging
import PostgresNIO

/// The one PostgreSQL server of this test run, shared by every test: `BOXLIKE_POSTGRES_URL`
/// when set, otherwise a private cluster started on first use and stopped (by its watchdog)
/// when the test process exits. Tests isolate themselves with fresh namespaces.
actor PostgresFixture {
    static let shared = PostgresFixture()

    private var starting: Task<(PostgresEndpoint, PostgresClient, PostgresCluster?), any Error>?

    /// The server's endpoint.
    func endpoint() async throws -> PostgresEndpoint {
        try await started().0
    }

    /// A running client to the server.
    func client() async throws -> PostgresClient {
        try await started().1
    }

    private func started() async throws -> (PostgresEndpoint, PostgresClient, PostgresCluster?) {
        if let starting { return try await starting.value }
        let task = Task<(PostgresEndpoint, PostgresClient, PostgresCluster?), any Error> {
            let (endpoint, cluster) = try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(with: Result { try PostgresCluster.endpointFromEnvironmentOrStart() })
                }
            }
            var configuration = PostgresClient.Configuration(
                host: endpoint.host, port: endpoint.port, username: endpoint.username,
                password: endpoint.password, database: endpoint.database, tls: .disable)
            configuration.options.maximumConnections = 40
            let client = PostgresClient(configuration: configuration)
            // Runs for the rest of the test process, as postgres-nio requires.
            Task.detached { await client.run() }
            return (endpoint, client, cluster)
        }
        starting = task
        return try await task.value
    }
}
