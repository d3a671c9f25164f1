import BoxLikeSDK
import BoxLikeServer
import Foundation

/// `jwt_assertion_sign_us`: the median time, in microseconds, to build and sign one RS256
/// JWT assertion with a 2048-bit key (header and claims encoded, fresh `jti`, PKCS#1 v1.5
/// signature), the work every token request of a JWT app does before it is sent.
enum JWTAssertionBenchmark {
    static let warmups = 50
    static let samples = 1000

    static func run(report: (String, Double) -> Void) async throws {
        var configuration = BoxLikeServerConfiguration()
        configuration.logger.logLevel = .critical
        let server = try await BoxLikeServer.start(configuration)
        do {
            // The server's seeded JWT app: a 2048-bit key, RS256.
            let config = try JWTConfig.fromConfigJSONString(try server.jwtAppConfigJSON())
            let session = NetworkSession(baseUrls: .singleOrigin(URL(string: server.origin) ?? URL(fileURLWithPath: "/")))
            let auth = BoxJWTAuth(config: config, networkSession: session)
            for _ in 0..<warmups { _ = try auth.makeAssertion() }
            var durations: [Double] = []
            durations.reserveCapacity(samples)
            for _ in 0..<samples {
                let started = ContinuousClock.now
                _ = try auth.makeAssertion()
                let elapsed = ContinuousClock.now - started
                durations.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
            }
            durations.sort()
            report("jwt_assertion_sign_us", durations[durations.count / 2])
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
