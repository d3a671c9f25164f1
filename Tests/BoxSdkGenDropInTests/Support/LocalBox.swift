import BoxLikeSDK
import BoxLikeServer
import Foundation

/// The one place these tests know they run against the local Box rather than box.com: a fresh
/// in-process server per test, and a client made for it the way Box's documentation makes
/// one (`BoxDeveloperTokenAuth` and `BoxClient`), with the server's base URLs written as
/// Box's `BaseUrls(baseUrl:uploadUrl:oauth2Url:)` takes them. Every other file of this target
/// is code written for Box's Swift SDK (`import BoxSdkGen`) with that import changed.
struct LocalBox: Sendable {
    /// A client acting as the enterprise's admin.
    let client: BoxClient
    /// The developer token the client holds.
    let token: String
    /// The server, for what a test needs to know about its seeded enterprise.
    let server: BoxLikeServer

    /// What the server was seeded with (users, the enterprise, apps).
    var seed: BoxLikeSeed { server.seed }

    /// The network session Box's documentation would configure for a private Box
    /// deployment: its three base URLs. (The in-process transport is this SDK's addition.)
    static func networkSession(for server: BoxLikeServer) -> NetworkSession {
        let origin = server.originURL.absoluteString
        return NetworkSession(
            transport: server.inProcessTransport,
            baseUrls: BaseUrls(baseUrl: origin, uploadUrl: origin + "/api", oauth2Url: origin + "/oauth2"))
    }

    /// A client with a developer token of `userId`, made as Box's documentation makes one.
    func client(forUser userId: String) async throws -> BoxClient {
        let token = try await server.mintDeveloperToken(userId: userId)
        let auth = BoxDeveloperTokenAuth(token: token)
        return BoxClient(auth: auth, networkSession: Self.networkSession(for: server))
    }
}

/// Starts a fresh local Box for one test, gives `body` a client of its admin, and stops the
/// server afterwards.
func withLocalBox<T>(
    _ configure: (inout BoxLikeServerConfiguration) -> Void = { _ in },
    _ body: (LocalBox) async throws -> T
) async throws -> T {
    var configuration = BoxLikeServerConfiguration()
    configuration.jwtAppKey = dropInJWTAppKey
    configure(&configuration)
    return try await BoxLikeServer.withRunningInProcess(configuration) { server in
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        let auth = BoxDeveloperTokenAuth(token: token)
        let client = BoxClient(auth: auth, networkSession: LocalBox.networkSession(for: server))
        return try await body(LocalBox(client: client, token: token, server: server))
    }
}

/// One RSA key for the seeded JWT app of every server of this process (making one per server
/// is slow in a debug build).
let dropInJWTAppKey = JWTAppKey()
