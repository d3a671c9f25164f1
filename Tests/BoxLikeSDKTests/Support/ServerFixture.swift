import BoxLikeSDK
import BoxLikeSoak
import BoxLikeServer
import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import Testing

/// Starts a fresh Box-style server for one test and stops it afterwards, whatever the test
/// does. The server binds no socket: ``BoxLikeServer/networkSession(transport:maxAttempts:logger:)``
/// and ``BoxLikeServer/developerTokenClient(userId:transport:maxAttempts:logger:)`` reach it
/// through its in-process transport. Tests whose subject needs a listener (the transport
/// itself, TLS, proxies, timeouts, raw HTTP, browsers, other processes) use
/// ``withLoopbackServer(_:_:)``.
///
/// `BOXLIKE_TEST_SERVER=loopback` in the environment puts every test on loopback, to compare.
func withServer<T>(
    _ configure: (inout BoxLikeServerConfiguration) -> Void = { _ in },
    _ body: (BoxLikeServer) async throws -> T
) async throws -> T {
    if ProcessInfo.processInfo.environment["BOXLIKE_TEST_SERVER"] == "loopback" {
        return try await withLoopbackServer(configure, body)
    }
    var configuration = BoxLikeServerConfiguration()
    configuration.webhookTransport = InProcessWebhookReceivers.deliver
    configuration.jwtAppKey = testJWTAppKey
    configure(&configuration)
    return try await BoxLikeServer.withRunningInProcess(configuration, body)
}

/// Starts a fresh server listening on an ephemeral loopback port, for tests that need a
/// socket; its clients use the SDK's default transport (AsyncHTTPClient).
func withLoopbackServer<T>(
    _ configure: (inout BoxLikeServerConfiguration) -> Void = { _ in },
    _ body: (BoxLikeServer) async throws -> T
) async throws -> T {
    var configuration = BoxLikeServerConfiguration()
    configuration.jwtAppKey = testJWTAppKey
    configure(&configuration)
    return try await BoxLikeServer.withRunning(configuration, body)
}

/// The seeded JWT app's key for every server these tests start: a 2048-bit RSA key takes
/// tenths of a second to make in a debug build, once per process instead of once per test.
/// (That each server makes its own by default is the server tests' subject.)
let testJWTAppKey = JWTAppKey()

/// Starts a server whose time is `clock`, for tests that move it days ahead: its developer
/// tokens last ten years of that time, so only the rule under test sees the days pass.
func withServer<T>(
    on clock: ManualServerClock,
    _ configure: (inout BoxLikeServerConfiguration) -> Void = { _ in },
    _ body: (BoxLikeServer) async throws -> T
) async throws -> T {
    try await withServer({
        runOnClock(clock, &$0)
        configure(&$0)
    }, body)
}

/// Sets a server's time to `clock`, with developer tokens that last ten years of it.
private func runOnClock(_ clock: ManualServerClock, _ configuration: inout BoxLikeServerConfiguration) {
    configuration.clock = .manual(clock)
    configuration.developerTokenLifetime = .seconds(10 * 365 * 24 * 3600)
}

/// ``withServer(on:_:_:)`` on loopback.
func withLoopbackServer<T>(
    on clock: ManualServerClock,
    _ configure: (inout BoxLikeServerConfiguration) -> Void = { _ in },
    _ body: (BoxLikeServer) async throws -> T
) async throws -> T {
    try await withLoopbackServer({
        runOnClock(clock, &$0)
        configure(&$0)
    }, body)
}

extension BoxLikeServer {
    /// The server's base URLs.
    var baseUrls: BaseUrls {
        BaseUrls.singleOrigin(originURL)
    }

    /// The transport a test's clients use unless it passes its own: the in-process one for a
    /// server started in process, the SDK's default (`nil`) for one on loopback.
    var testTransport: (any ClientTransport)? {
        listensOnSocket ? nil : inProcessTransport
    }

    /// A network session for this server with quick retries, so fault tests stay fast.
    func networkSession(
        transport: (any ClientTransport)? = nil,
        maxAttempts: Int = 4,
        logger: Logger? = nil
    ) -> NetworkSession {
        NetworkSession(
            transport: transport ?? testTransport,
            baseUrls: baseUrls,
            retryPolicy: RetryPolicy(maxAttempts: maxAttempts, baseDelay: .milliseconds(10), factor: 2,
                                     maxDelay: .milliseconds(50), maxRetryAfter: .seconds(3)),
            logger: logger ?? Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        )
    }

    /// GETs `url`, one the server handed out (a download ticket, a static shared-link or
    /// representation URL), without credentials, as a browser would: through the in-process
    /// transport for a server started in process, over HTTP for one on loopback.
    func anonymousGET(_ url: String) async throws -> (status: Int, body: String) {
        if listensOnSocket {
            let page = try await SignInDriver.fetch(url)
            return (page.status, page.body)
        }
        let components = try #require(URLComponents(string: url))
        let path = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let (response, body) = try await inProcessTransport.send(
            HTTPRequest(method: .get, scheme: nil, authority: nil, path: path), body: nil,
            baseURL: originURL, operationID: "anonymousGET")
        var bytes = Data()
        if let body { bytes = try await Data(collecting: body, upTo: 1 << 20) }
        return (response.status.code, String(decoding: bytes, as: UTF8.self))
    }

    /// A client authenticated with a developer token minted for `userId` (the admin by
    /// default).
    func developerTokenClient(
        userId: String? = nil,
        transport: (any ClientTransport)? = nil,
        maxAttempts: Int = 4,
        logger: Logger? = nil
    ) async throws -> (client: BoxClient, token: String) {
        let token = try await mintDeveloperToken(userId: userId ?? seed.adminUser.id)
        let session = networkSession(transport: transport, maxAttempts: maxAttempts, logger: logger)
        return (BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session), token)
    }
}

/// A file of `size` pseudo-random bytes in a fresh temporary directory.
func makeTemporaryFile(size: Int, seed: UInt64 = 42) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("content.bin")
    var generator = SplitMix64(state: seed)
    var bytes = [UInt8](repeating: 0, count: size)
    for index in stride(from: 0, to: size, by: 8) {
        var value = generator.next()
        for offset in 0..<min(8, size - index) {
            bytes[index + offset] = UInt8(truncatingIfNeeded: value)
            value >>= 8
        }
    }
    try Data(bytes).write(to: url)
    return url
}

