import Foundation
import Hummingbird
import ServiceLifecycle
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL

/// A running Box-style API server: API, upload, OAuth, authorize pages and download content
/// locations share one origin.
///
/// It listens on loopback (``start(_:)``), or binds nothing and is reached through its
/// ``inProcessTransport`` (``startInProcess(_:origin:)``), which is quicker to start and to talk
/// to and is what tests should use unless sockets are their subject.
///
/// ```swift
/// let server = try await BoxLikeServer.start()
/// let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
/// // GET \(server.apiBaseURL)/users/me with "Authorization: Bearer \(token)"
/// await server.stop()
/// ```
public final class BoxLikeServer: Sendable {
    /// The origin of a server started in process unless another is given:
    /// `http://boxlike.local`. It names no real host; only ``inProcessTransport`` reaches it.
    public static let inProcessOrigin = "http://boxlike.local"

    /// The bound port; `0` for a server started in process, which binds none.
    public let port: Int
    /// What the server was seeded with.
    public let seed: BoxLikeSeed
    /// Fault injection for this instance.
    public let faults: FaultInjector
    /// Every request this instance received.
    public let requestLog: RequestLog
    /// The configuration it runs with.
    public let configuration: BoxLikeServerConfiguration

    /// Reaches this server without a socket: each request goes straight to its router. Every
    /// server has one, a loopback one included (for requests to its ``origin``).
    ///
    /// ```swift
    /// let session = NetworkSession(transport: server.inProcessTransport, baseUrls: .singleOrigin(server.originURL))
    /// ```
    public let inProcessTransport: InProcessTransport

    let state: ServerState
    let tokens: TokenRegistry
    /// The seeded JWT app's key pair, made at start (the key itself is generated on first use).
    let jwtKeyPair: JWTAppKeyPair
    private let endpoint: InProcessEndpoint
    /// The listener's application, when the server listens on a socket.
    private let listener: Listener?
    /// Finishes once ``stop()`` has stopped a server started in process.
    private let stopped: StopSignal

    /// The running application and the service group ``stop()`` asks to shut down gracefully.
    private struct Listener: Sendable {
        let task: Task<Void, any Error>
        let serviceGroup: ServiceGroup
    }

    /// `http://127.0.0.1:P`, `https://<host name>:P` when serving TLS, or the origin given to
    /// ``startInProcess(_:origin:)`` (``inProcessOrigin`` by default).
    public let origin: String
    /// ``origin`` as a URL, e.g. for the SDK's `BaseUrls.singleOrigin(_:)`.
    public let originURL: URL
    /// Whether the server listens on a socket (``start(_:)``) rather than only in process
    /// (``startInProcess(_:origin:)``).
    public var listensOnSocket: Bool { listener != nil }
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

    private init(parts: Parts, port: Int, origin: InProcessEndpoint.Origin, listener: Listener?) {
        self.port = port
        self.seed = parts.seed
        self.faults = parts.faults
        self.requestLog = parts.requestLog
        self.configuration = parts.configuration
        self.state = parts.state
        self.tokens = parts.tokens
        self.jwtKeyPair = parts.jwtKeyPair
        self.origin = origin.description
        self.originURL = origin.url
        self.endpoint = InProcessEndpoint(
            origin: origin, responder: parts.responder, logger: Self.frameworkLogger(parts.configuration.logger))
        self.inProcessTransport = InProcessTransport(endpoint: endpoint)
        self.listener = listener
        self.stopped = StopSignal()
    }

    /// What every server is made of, however it is reached.
    private struct Parts {
        let configuration: BoxLikeServerConfiguration
        let seed: BoxLikeSeed
        let faults: FaultInjector
        let requestLog: RequestLog
        let state: ServerState
        let tokens: TokenRegistry
        let jwtKeyPair: JWTAppKeyPair
        let responder: ServerResponder

        /// Seeds the state and builds the router with its middleware.
        static func make(_ configuration: BoxLikeServerConfiguration) async throws -> Parts {
            let specification: SpecCatalog? = configuration.validatesRequests ? try SpecCatalog.shared(path: configuration.specPath) : nil
            let jwtKeyPair = JWTAppKeyPair.generate(key: configuration.jwtAppKey?.key ?? GeneratedRSAKey())
            let configuration = configuration.registering(jwtKeyPair.publicKey)
            let state = ServerState(configuration: configuration)
            let seed = await state.seed(clients: configuration, jwtKeyId: jwtKeyPair.keyId)
            let tokens = TokenRegistry(now: configuration.clock.now)
            let faults = FaultInjector()
            let requestLog = RequestLog(capacity: configuration.requestLogCapacity)
            let services = ServerServices(configuration: configuration, state: state, tokens: tokens)
            let responder = ServerRouter.build(services: services, faults: faults, requestLog: requestLog, specification: specification)
            return Parts(configuration: configuration, seed: seed, faults: faults, requestLog: requestLog, state: state,
                         tokens: tokens, jwtKeyPair: jwtKeyPair, responder: responder)
        }
    }

    /// Starts a server and returns once it is listening.
    ///
    /// The seeded JWT app (``BoxLikeServerConfiguration/jwtClient``) gets a new RSA key pair
    /// of its own: its public key is registered with the app and ``jwtAppConfigJSON()`` gives
    /// the app settings with its private key. The key is generated when first needed (the
    /// first JWT assertion, the app settings or the public key's PEM), so a server that never
    /// sees a JWT does not spend the CPU.
    public static func start(_ configuration: BoxLikeServerConfiguration = BoxLikeServerConfiguration()) async throws -> BoxLikeServer {
        let parts = try await Parts.make(configuration)
        let configuration = parts.configuration

        let (portStream, portContinuation) = AsyncStream<Int>.makeStream()
        let application = Application(
            responder: parts.responder,
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
        let host = configuration.tls?.hostName ?? configuration.host
        let scheme = configuration.tls == nil ? "http" : "https"
        guard let origin = InProcessEndpoint.Origin("\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)") else {
            await serviceGroup.triggerGracefulShutdown()
            _ = await task.result
            throw BoxLikeServerError.invalidOrigin("\(scheme)://\(host):\(port)")
        }
        let server = BoxLikeServer(parts: parts, port: port, origin: origin, listener: Listener(task: task, serviceGroup: serviceGroup))
        await parts.state.setOrigin(server.origin)
        return server
    }

    /// Starts a server that binds no socket: the same router, middleware and state as
    /// ``start(_:)``, reached through ``inProcessTransport``. `origin` is the origin it
    /// answers for and puts in the URLs it hands out (download, upload and shared-link URLs);
    /// the configuration's `host`, `port` and `tls` are not used.
    ///
    /// Nothing is listening: a client that is not given ``inProcessTransport`` (a browser,
    /// another process, a plain `URLSession`) cannot reach the server.
    ///
    /// ```swift
    /// let server = try await BoxLikeServer.startInProcess()
    /// let session = NetworkSession(transport: server.inProcessTransport, baseUrls: .singleOrigin(server.originURL))
    /// // ... BoxClient(auth: ..., networkSession: session) ...
    /// await server.stop()
    /// ```
    ///
    /// - Throws: ``BoxLikeServerError/invalidOrigin(_:)`` unless `origin` is `http(s)://host[:port]`.
    public static func startInProcess(_ configuration: BoxLikeServerConfiguration = BoxLikeServerConfiguration(),
                                      origin: String = inProcessOrigin) async throws -> BoxLikeServer {
        guard let parsed = InProcessEndpoint.Origin(origin) else { throw BoxLikeServerError.invalidOrigin(origin) }
        let parts = try await Parts.make(configuration)
        let server = BoxLikeServer(parts: parts, port: 0, origin: parsed, listener: nil)
        await parts.state.setOrigin(server.origin)
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
        try await running(try await start(configuration), body)
    }

    /// Starts a server in process (``startInProcess(_:origin:)``), runs `body` with it, and
    /// stops it before returning, also when `body` throws.
    ///
    /// ```swift
    /// try await BoxLikeServer.withRunningInProcess { server in
    ///     let session = NetworkSession(transport: server.inProcessTransport, baseUrls: .singleOrigin(server.originURL))
    ///     // ... talk to the server through the session ...
    /// }
    /// ```
    public static func withRunningInProcess<T>(_ configuration: BoxLikeServerConfiguration = BoxLikeServerConfiguration(),
                                               origin: String = inProcessOrigin,
                                               _ body: (BoxLikeServer) async throws -> T) async throws -> T {
        try await running(try await startInProcess(configuration, origin: origin), body)
    }

    private static func running<T>(_ server: BoxLikeServer, _ body: (BoxLikeServer) async throws -> T) async throws -> T {
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
    ///
    /// A server started in process stops the same way: new requests through
    /// ``inProcessTransport`` are refused, held long-polls are answered and the requests in
    /// progress get the grace period.
    public func stop() async {
        if let listener {
            await Self.stop(listener, gracePeriod: configuration.shutdownGracePeriod)
        }
        // Requests that came through the in-process transport (all of them for a server
        // started in process) stop the same way, outside the listener's service group.
        endpoint.refuseNewExchanges()
        await state.releaseRealtimeWaiters()
        await endpoint.stop(gracePeriod: configuration.shutdownGracePeriod)
        stopped.signal()
    }

    private static func stop(_ listener: Listener, gracePeriod: Duration) async {
        await listener.serviceGroup.triggerGracefulShutdown()
        let task = listener.task
        let finished = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                _ = await task.result
                return true
            }
            group.addTask {
                try? await Task.sleep(for: gracePeriod)
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
    /// ``BoxLikeServerConfiguration/handlesShutdownSignals`` is on. A server started in process
    /// also stops waiting when the calling task is cancelled.
    public func waitUntilStopped() async {
        if let listener {
            _ = await listener.task.result
        } else {
            await stopped.wait()
        }
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
    /// The origin is not `http(s)://host[:port]`.
    case invalidOrigin(String)
    /// The PEM given as the JWT app's key holds no RSA private key.
    case invalidJWTAppKey
}
