import Foundation
import HTTPTypes
import Logging
import Metrics
import OpenAPIRuntime
import Tracing

/// Everything about how a ``BoxClient`` talks to the API, as a value: transport, base URLs,
/// additional headers, retries, limits, logger, metrics and tracing.
///
/// Changing a copy never affects clients built from the original.
///
/// ```swift
/// var session = NetworkSession(baseUrls: .singleOrigin(serverURL))
/// session.retryPolicy.maxAttempts = 3
/// let client = BoxClient(auth: auth, networkSession: session)
/// ```
public struct NetworkSession: Sendable {
    /// Sends HTTP; `DefaultTransport.shared` (AsyncHTTPClient) unless replaced.
    public var transport: any ClientTransport
    /// Where the servers are.
    public var baseUrls: BaseUrls
    /// Headers sent with every request (`As-User`, custom headers...).
    public var additionalHeaders: [String: String]
    /// When to retry.
    public var retryPolicy: RetryPolicy
    /// The most bytes read from a JSON response.
    public var maxResponseBodySize: Int
    /// Where the SDK logs; nothing is logged by default. Secrets are never logged.
    public var logger: Logger
    /// Receives `boxlike_requests_total` (by operation and status) and
    /// `boxlike_request_duration_seconds` (by operation); `nil` uses the process-wide
    /// `MetricsSystem`, which should then be bootstrapped before clients are made.
    public var metricsFactory: (any MetricsFactory)?
    /// Receives one client span per request, whose context is sent in the request headers;
    /// `nil` uses the process-wide `InstrumentationSystem.tracer`.
    public var tracer: (any Tracer)?

    /// Creates a session.
    public init(
        transport: any ClientTransport = DefaultTransport.shared,
        baseUrls: BaseUrls = .production,
        additionalHeaders: [String: String] = [:],
        retryPolicy: RetryPolicy = RetryPolicy(),
        maxResponseBodySize: Int = 32 * 1024 * 1024,
        logger: Logger = Logger(label: "boxlike", factory: { _ in SwiftLogNoOpLogHandler() }),
        metricsFactory: (any MetricsFactory)? = nil,
        tracer: (any Tracer)? = nil
    ) {
        self.transport = transport
        self.baseUrls = baseUrls
        self.additionalHeaders = additionalHeaders
        self.retryPolicy = retryPolicy
        self.maxResponseBodySize = maxResponseBodySize
        self.logger = logger
        self.metricsFactory = metricsFactory
        self.tracer = tracer
    }

    /// A pipeline that sends requests with `auth`'s credentials (or none).
    public func executor(auth: (any Authentication)?) -> HTTPExecutor {
        var fields = HTTPFields()
        for (name, value) in additionalHeaders.sorted(by: { $0.key < $1.key }) {
            if let field = HTTPField.Name(name) { fields[field] = value }
        }
        let configuration = ExecutorConfiguration(
            transport: transport,
            baseURLs: baseUrls.byServer,
            additionalHeaders: fields,
            retryPolicy: retryPolicy,
            maxResponseBodySize: maxResponseBodySize,
            logger: logger,
            metricsFactory: metricsFactory,
            tracer: tracer
        )
        return HTTPExecutor(configuration: configuration,
                            authorizer: auth.map { AuthenticationAuthorizer(auth: $0, networkSession: self) })
    }
}

/// Lets the runtime pipeline ask an ``Authentication`` for credentials.
struct AuthenticationAuthorizer: RequestAuthorizer {
    let auth: any Authentication
    let networkSession: NetworkSession

    func authorizationHeader() async throws -> String {
        try await auth.retrieveAuthorizationHeader(networkSession: networkSession)
    }

    func authorizationHeader(afterRejecting rejectedHeader: String) async throws -> String? {
        let rejectedToken = rejectedHeader.hasPrefix("Bearer ") ? String(rejectedHeader.dropFirst(7)) : rejectedHeader
        do {
            let token = try await auth.refreshToken(afterRejecting: rejectedToken, networkSession: networkSession)
            guard let accessToken = token.accessToken, accessToken != rejectedToken else { return nil }
            return "Bearer \(accessToken)"
        } catch let error as SDKError where error.kind == .authentication {
            // This strategy cannot refresh (a developer token): report the 401 itself.
            return nil
        }
    }
}
