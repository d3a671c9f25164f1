import BoxLikeSDK
import BoxLikeServer
import Foundation

/// `refresh_storm_token_requests`: how many token requests 1,000 concurrent callers cause
/// when they all find the same expired token (1 is right: one refresh, shared), and
/// `refresh_storm_seconds`: how long until all of them hold the new token.
enum RefreshStormBenchmark {
    static let callers = 1000

    static func run(report: (String, Double) -> Void) async throws {
        var configuration = BoxLikeServerConfiguration()
        configuration.logger.logLevel = .critical
        let server = try await BoxLikeServer.start(configuration)
        do {
            let session = NetworkSession(baseUrls: .singleOrigin(URL(string: server.origin) ?? URL(fileURLWithPath: "/")))
            let expired = AccessToken(accessToken: "expired-before-the-storm", expiresIn: -60)
            let client = server.seed.ccgClient
            let auth = BoxCCGAuth(
                config: CCGConfig(clientId: client.id, clientSecret: client.secret ?? "",
                                  enterpriseId: server.seed.enterpriseId,
                                  tokenStorage: InMemoryTokenStorage(token: expired)),
                networkSession: session)
            await server.requestLog.clear()
            let started = ContinuousClock.now
            let distinctHeaders = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<callers {
                    group.addTask { try await auth.retrieveAuthorizationHeader() }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            let elapsed = ContinuousClock.now - started
            guard distinctHeaders.count == 1 else {
                throw BenchmarkError.childFailed("the storm's callers got \(distinctHeaders.count) different tokens")
            }
            report("refresh_storm_token_requests", Double(await server.requestLog.tokenRequestCount()))
            report("refresh_storm_seconds",
                   Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
