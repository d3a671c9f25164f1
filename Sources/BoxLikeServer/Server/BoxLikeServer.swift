import Foundation
import Hummingbird
import ServiceLifecycle
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL

/// A running Box-style API server on loopback: API, upload, OAuth, authorize pages and
/// download content locations share one origin.
///
/// ```swift
/// let server = try await BoxLikeServer.start()
/// let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
/// // GET \(server.apiBaseURL)/users/me with "Authorization: Bearer \(token)"
/// await server.stop()
/// ```
public final class BoxLikeServer: Sendable {
    /// The bound port.
    public let port: Int
    /// What the server was seeded with.
    public let seed: BoxLikeSeed
    /// Fault injection for this instance.
    public let faults: FaultInjector
    /// Every request this instance received.
    public let requestLog: RequestLog
    /// The configuration it runs with.
    public let configuration: BoxLikeServerConfiguration

    let state: ServerState
    let tokens: TokenRegistry
    /// The seeded JWT app's key pair, made at start (the key itself is generated on first use).
    let jwtKeyPair: JWTAppKeyPair
    private let task: Task<Void, any Error>
    /// Runs the application; ``stop()`` asks it to shut down gracefully.
    private let serviceGroup: ServiceGroup

    /// `http://127.0.0.1:P`, or `https://<host name>:P` when serving TLS.
    public var origin: String {
        let host = configuration.tls?.hostName ?? configuration.host
        let scheme = configuration.tls == nil ? "http" : "https"
        return "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
    /// API base, e.g. `http://127.0.0.1:P/2.0`.
    public var apiBaseURL: String { origin + "/2.0" }
    /// Upload base, e.g. `http://127.0.0.1:P/api/2.0`.
    public var uploadBaseURL: String { origin + "/api/2.0" }
    /// OAuth base, e.g. `http://127.0.0.1:P/oauth2` (token at `/token`, revoke at `/revoke`).
    public var oauth2BaseURL: String { origin + "/oauth2" }
    /// The browser authorize page, `http://127.0.0.1:P/oauth2/authorize`.
    public var authorizeURL: String { origin + "/oauth2/authorize" }
    /// The token endpoint.
    public var tokenURL: String { oauth2BaseURL + "/token" }
    /// The revoke endpoint.
    public var revokeURL: String { oauth2BaseURL + "/revoke" }

    private init(
        port: Int, seed: BoxLikeSeed, faults: FaultInjector, requestLog: RequestLog, configuration: BoxLikeServerConfiguration,
        state: ServerState, tokens: TokenRegistry, jwtKeyPair: JWTAppKeyPair, task: Task<Void, any Error>,
        serviceGroup: ServiceGroup
    ) {
        self.serviceGroup = serviceGroup
        self.port = port
        self.seed = seed
        self.faults = faults
        self.requestLog = requestLog
        self.configuration = configuration
        self.state = state
        self.tokens = tokens
        self.jwtKeyPair = jwtKeyPair
        self.task = task
    }

    /// Starts a server and returns once it is listening.
    ///
    /// The seeded JWT app (``BoxLikeServerConfiguration/jwtClient``) gets a new RSA key pair
    /// of its own: its public key is registered with the app and ``jwtAppConfigJSON()`` gives
    /// the app settings with its private key. The key is generated when first needed (the
    /// first JWT assertion, the app settings or the public key's PEM), so a server that never
    /// sees a JWT does not spend the CPU.
    public static func start(_ configuration: BoxLikeServerConfiguration = BoxLikeServerConfiguration()) async throws -> BoxLikeServer {
        let specification: SpecCatalog? = configuration.validatesRequests ? try SpecCatalog.shared(path: configuration.specPath) : nil
        let jwtKeyPair = JWTAppKeyPair.generate()
        let configuration = configuration.registering(jwtKeyPair.publicKey)
        let state = ServerState(configuration: configuration)
        let seed = await state.seed(clients: configuration, jwtKeyId: jwtKeyPair.keyId)
        let tokens = TokenRegistry(now: configuration.clock.now)
        let faults = FaultInjector()
        let requestLog = RequestLog()
        let services = ServerServices(configuration: configuration, state: state, tokens: tokens)
        let router = ServerRouter.build(services: services, faults: faults, requestLog: requestLog, specification: specification)

        let (portStream, portContinuation) = AsyncStream<Int>.makeStream()
        let application = Application(
            router: router,
            server: try Self.serverBuilder(configuration.tls),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: Self.frameworkLogger(configuration.logger))
        // A service group (as Hummingbird's `runService()` makes) so that ``stop()`` can shut
        // the server down gracefully: it stops accepting, then lets open requests finish.
        let serviceGroup = ServiceGroup(configuration: .init(
            services: [application],
            gracefulShutdownSignals: configuration.handlesShutdownSignals ? [.sigterm, .sigint] : [],
            logger: Self.frameworkLogger(configuration.logger)))
        let task = Task {
            defer { portContinuation.finish() }
            try await serviceGroup.run()
        }
        var port: Int?
        for await bound in portStream {
            port = bound
            break
        }
        guard let port, port > 0 else {
            task.cancel()
            _ = await task.result
            throw BoxLikeServerError.couldNotBind(host: configuration.host, port: configuration.port)
        }
        let server = BoxLikeServer(
            port: port, seed: seed, faults: faults, requestLog: requestLog, configuration: configuration, state: state,
            tokens: tokens, jwtKeyPair: jwtKeyPair, task: task, serviceGroup: serviceGroup)
        await state.setOrigin(server.origin)
        return server
    }

    /// Plain HTTP/1.1, or HTTP/1.1 over TLS with the configured certificate.
    private static func serverBuilder(_ tls: ServerTLS?) throws -> HTTPServerBuilder {
        guard let tls else { return .http1() }
        let chain = try NIOSSLCertificate.fromPEMBytes(Array(tls.certificateChainPEM.utf8))
        let key = try NIOSSLPrivateKey(bytes: Array(tls.privateKeyPEM.utf8), format: .pem)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        if let authorities = tls.clientCertificateAuthorityPEM {
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(authorities.utf8)))
            configuration.certificateVerification = .noHostnameVerification
        }
        return try .tls(.http1(), tlsConfiguration: configuration)
    }

    /// Hummingbird reports the cancellation used by ``BoxLikeServer/stop()`` as an error on every stop;
    /// its own messages are kept to critical ones so test output stays readable, while the
    /// server's logger keeps the configured level.
    private static func frameworkLogger(_ logger: Logger) -> Logger {
        var quiet = logger
        quiet.logLevel = .critical
        return quiet
    }

    /// Starts a server, runs `body` with it, and stops it before returning, also when `body`
    /// throws.
    ///
    /// ```swift
    /// try await BoxLikeServer.withRunning { server in
    ///     let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
    ///     // ... talk to server.origin ...
    /// }
    /// ```
    public static func withRunning<T>(_ configuration: BoxLikeServerConfiguration = BoxLikeServerConfiguration(),
                                      _ body: (BoxLikeServer) async throws -> T) async throws -> T {
        let server = try await start(configuration)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Stops listening, lets the requests in progress finish (held long-polls are answered
    /// `reconnect` at once), closes connections and waits for the server to finish. Requests
    /// still running after ``BoxLikeServerConfiguration/shutdownGracePeriod`` are cancelled.
    ///
    /// Shutting down gracefully rather than by cancelling the server's task matters: a
    /// connection accepted while the task is being cancelled trips a swift-nio precondition
    /// ("Deinited NIOAsyncWriter without calling finish()") that ends the process.
    public func stop() async {
        await serviceGroup.triggerGracefulShutdown()
        let task = task
        let finished = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                _ = await task.result
                return true
            }
            group.addTask { [grace = configuration.shutdownGracePeriod] in
                try? await Task.sleep(for: grace)
                return false
            }
            let first = await group.next() ?? true
            group.cancelAll()
            return first
        }
        if !finished {
            task.cancel()
            _ = await task.result
        }
    }

    /// Waits until the server stops: after ``BoxLikeServer/stop()``, or after SIGINT / SIGTERM when
    /// ``BoxLikeServerConfiguration/handlesShutdownSignals`` is on.
    public func waitUntilStopped() async {
        _ = await task.result
    }

    /// Mints a developer token for `userId`: all scopes, not refreshable, valid for the
    /// configured developer-token lifetime (60 minutes by default).
    public func mintDeveloperToken(userId: String) async throws -> String {
        _ = try await state.user(userId)
        return await tokens.issueAccessToken(
            userId: userId, clientId: nil, scopes: Scope.all, lifetime: configuration.developerTokenLifetime, kind: .developer
        ).value
    }

    /// The seeded JWT app's settings as the Box developer console writes them, for
    /// `JWTConfig.fromConfigJSONString(_:)`: client id and secret, key id, the app's private
    /// key (encrypted: PKCS#8, PBES2 with PBKDF2-HMAC-SHA256 and AES-256-CBC; generated now if
    /// nothing needed it before), its passphrase and the enterprise id.
    ///
    /// ```swift
    /// try server.jwtAppConfigJSON().write(toFile: "box_config.json", atomically: true, encoding: .utf8)
    /// ```
    public func jwtAppConfigJSON() throws -> String {
        try jwtKeyPair.appSettingsJSON(client: seed.jwtClient, enterpriseId: seed.enterpriseId)
    }

    /// Makes the next `times` downloads of `fileId` answer `202 Accepted` with `Retry-After`.
    public func setDownloadNotReady(fileId: String, times: Int = 1) async {
        await state.setNotReady(fileId: fileId, times: times)
    }

    /// The current SHA-1 (hex) and bytes of a file, for assertions.
    public func fileContent(fileId: String) async throws -> (sha1: String, bytes: [UInt8]) {
        guard let content = await state.items[.file(fileId)]?.file?.currentVersion.content else { throw BoxLikeServerError.noSuchFile(fileId) }
        return (content.sha1, try await content.allBytes())
    }

    /// The current event stream position.
    public func currentStreamPosition() async -> Int {
        await state.currentStreamPosition
    }

    /// How many realtime long-polls the server is holding open right now.
    public func openRealtimePolls() async -> Int {
        await state.openRealtimePollCount
    }

    /// Returns once the server holds exactly `count` realtime long-polls open: tests await
    /// this instead of polling ``openRealtimePolls()``.
    ///
    /// ```swift
    /// await server.waitUntilOpenRealtimePolls(1)   // the client's poll is held
    /// ```
    public func waitUntilOpenRealtimePolls(_ count: Int) async {
        await state.waitUntilOpenRealtimePolls(count)
    }

    /// Every webhook delivery attempt so far, oldest first.
    public func webhookDeliveryAttempts() async -> [WebhookDeliveryAttempt] {
        await state.webhookDeliverer.attempts
    }

    /// The base64 HMAC-SHA256 signature the server puts on a webhook delivery: `key` over
    /// `body` followed by `timestamp` (for tests that forge or check deliveries).
    public static func webhookSignature(body: [UInt8], timestamp: String, key: String) -> String {
        WebhookDeliverer.signature(body: body, timestamp: timestamp, key: key)
    }
}

/// Errors from starting or inspecting a server.
public enum BoxLikeServerError: Error, Sendable, Equatable {
    /// The listener could not be bound.
    case couldNotBind(host: String, port: Int)
    /// The OpenAPI document could not be found or parsed.
    case specUnavailable(String)
    /// No file with this id.
    case noSuchFile(String)
}
