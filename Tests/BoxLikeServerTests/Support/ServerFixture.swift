@testable import BoxLikeServer

/// Runs `body` against a fresh server on an ephemeral loopback port, and stops the server
/// before returning, also when `body` throws.
func withTestServer<T>(_ configuration: BoxLikeServerConfiguration = BoxLikeServerConfiguration(),
                       _ body: (BoxLikeServer) async throws -> T) async throws -> T {
    let server = try await BoxLikeServer.start(configuration)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
