import Foundation
import HTTPTypes
import Logging
import Metrics
import OpenAPIRuntime
import Tracing

/// Everything about how a ``BoxClient`` talks to the API, as a value: transport, timeouts,
/// TLS, proxy, interceptors, base URLs, additional headers, retries, limits, logger, metrics
/// and tracing.
///
/// Changing a copy never affects clients built from the original.
///
/// ```swift
/// var session = NetworkSession(baseUrls: .singleOrigin(serverURL))
/// session.retryPolicy.maxAttempts = 3
/// let client = BoxClient(auth: auth, networkSession: session)
/// ```
public struct NetworkSession: Sendable {
    /// What the request pipeline is given: the one place these settings are kept. The
    /// properties below read and write it; none keeps a copy.
    package private(set) var configuration: ExecutorConfiguration

    /// Sends HTTP. Unless replaced, the default AsyncHTTPClient transport configured with
    /// ``timeouts``, ``tls`` and ``proxy``; a transport you set is used as it is (those three
    /// settings then do not apply).
    public var transport: any ClientTransport {
        get { configuration.transport }
        set { configuration.customTransport = newValue }
    }
    /// The connect, read-idle and total limits of each attempt (default transport).
    public var timeouts: NetworkTimeouts {
        get { configuration.timeouts }
        set { configuration.timeouts = newValue }
    }
    /// Extra trust roots, a client certificate and the minimum TLS version (default
    /// transport); `nil` trusts the system's authorities only.
    public var tls: TLSOptions? {
        get { configuration.tls }
        set { configuration.tls = newValue }
    }
    /// The HTTP proxy (default transport); `NetworkProxy.none` by default,
    /// `NetworkProxy.environment` to follow `HTTPS_PROXY` / `HTTP_PROXY` / `NO_PROXY`.
    public var proxy: NetworkProxy {
        get { configuration.proxy }
        set { configuration.proxy = newValue }
    }
    /// Run in order before each attempt and after each response; see `RequestInterceptor`.
    public var interceptors: [any RequestInterceptor] {
        get { configuration.interceptors }
        set { configuration.interceptors = newValue }
    }
    /// Where the servers are.
    public var baseUrls: BaseUrls {
        didSet { configuration.baseURLs = baseUrls.byServer }
    }
    /// Headers sent with every request (`As-User`, custom headers...). Names that are not
    /// valid header names are left out.
    public var additionalHeaders: [String: String] {
        didSet { configuration.additionalHeaders = Self.fields(additionalHeaders) }
    }
    /// When to retry.
    public var retryPolicy: RetryPolicy {
        get { configuration.retryPolicy }
        set { configuration.retryPolicy = newValue }
    }
    /// The most bytes read from a JSON response.
    public var maxResponseBodySize: Int {
        get { configuration.maxResponseBodySize }
        set { configuration.maxResponseBodySize = newValue }
    }
    /// Where the SDK logs; nothing is logged by default. Secrets are never logged.
    public var logger: Logger {
        get { configuration.logger }
        set { configuration.logger = newValue }
    }
    /// Receives `boxlike_requests_total` (by operation and status) and
    /// `boxlike_request_duration_seconds` (by operation); `nil` uses the process-wide
    /// `MetricsSystem`, which should then be bootstrapped before clients are made.
    public var metricsFactory: (any MetricsFactory)? {
        get { configuration.metricsFactory }
        set { configuration.metricsFactory = newValue }
    }
    /// Receives one client span per request, whose context is sent in the request headers;
    /// `nil` uses the process-wide `InstrumentationSystem.tracer`.
    public var tracer: (any Tracer)? {
        get { configuration.tracer }
        set { configuration.tracer = newValue }
    }

    /// Creates a session. Every default of the SDK's network settings is spelled here, once.
    ///
    /// - Parameters:
    ///   - transport: A transport of your own; `nil` (the default) uses AsyncHTTPClient
    ///     configured with `timeouts`, `tls` and `proxy`.
    ///   - baseUrls: Where the servers are.
    ///   - additionalHeaders: Headers sent with every request.
    ///   - retryPolicy: When to retry.
    ///   - maxResponseBodySize: The most bytes read from a JSON response.
    ///   - logger: Where the SDK logs.
    ///   - metricsFactory: Receives the request metrics; `nil` uses `MetricsSystem`.
    ///   - tracer: Receives a span per request; `nil` uses `InstrumentationSystem.tracer`.
    ///   - timeouts: The connect, read-idle and total limits of each attempt.
    ///   - tls: Extra trust roots, a client certificate and the minimum TLS version.
    ///   - proxy: The HTTP proxy, if any.
    ///   - interceptors: Run in order around every attempt.
    public init(
        transport: (any ClientTransport)? = nil,
        baseUrls: BaseUrls = .production,
        additionalHeaders: [String: String] = [:],
        retryPolicy: RetryPolicy = RetryPolicy(),
        maxResponseBodySize: Int = 32 * 1024 * 1024,
        logger: Logger = Logger(label: "boxlike", factory: { _ in SwiftLogNoOpLogHandler() }),
        metricsFactory: (any MetricsFactory)? = nil,
        tracer: (any Tracer)? = nil,
        timeouts: NetworkTimeouts = NetworkTimeouts(),
        tls: TLSOptions? = nil,
        proxy: NetworkProxy = .none,
        interceptors: [any RequestInterceptor] = []
    ) {
        self.baseUrls = baseUrls
        self.additionalHeaders = additionalHeaders
        self.configuration = ExecutorConfiguration(
            transport: transport, timeouts: timeouts, tls: tls, proxy: proxy,
            baseURLs: baseUrls.byServer, additionalHeaders: Self.fields(additionalHeaders),
            retryPolicy: retryPolicy, maxResponseBodySize: maxResponseBodySize, logger: logger,
            metricsFactory: metricsFactory, tracer: tracer, interceptors: interceptors)
    }

    /// The `User-Agent` sent unless ``additionalHeaders`` names another:
    /// `BoxLikeSDK/<version> (Swift)`.
    public static let userAgent = "BoxLikeSDK/\(BoxLikeSDKVersion.current) (Swift)"

    /// A pipeline that sends requests with `auth`'s credentials (or none).
    package func executor(auth: (any Authentication)?) -> HTTPExecutor {
        HTTPExecutor(configuration: configuration,
                     authorizer: auth.map { AuthenticationAuthorizer(auth: $0, networkSession: self) })
    }

    /// A session whose pipeline waits and tells time with `clock` (tests of retry timing).
    package func with(clock: ExecutorClock) -> NetworkSession {
        var session = self
        session.configuration.clock = clock
        return session
    }

    /// Header fields in a stable order (sorted by name), so requests are reproducible.
    private static func fields(_ headers: [String: String]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            if let field = HTTPField.Name(name) { fields[field] = value }
        }
        if fields[.userAgent] == nil { fields[.userAgent] = userAgent }
        return fields
    }
}

/// Lets the runtime pipeline ask an ``Authentication`` for credentials.
struct AuthenticationAuthorizer: RequestAuthorizer {
    let auth: any Authentication
    let networkSession: NetworkSession

    func accessToken() async throws -> String {
        try await auth.retrieveToken(networkSession: networkSession).usableAccessToken()
    }

    func renewal(afterRejecting rejectedToken: String) async throws -> CredentialRenewal {
        guard let token = try await auth.refreshToken(afterRejecting: rejectedToken, networkSession: networkSession),
              let accessToken = token.accessToken, !accessToken.isEmpty, accessToken != rejectedToken
        else { return .unavailable }
        return .renewed(accessToken)
    }
}
