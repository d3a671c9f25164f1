import Foundation
import HTTPTypes
import Logging
import Metrics
import OpenAPIRuntime
import Tracing

/// How an ``HTTPExecutor`` reaches the API.
public struct ExecutorConfiguration: Sendable {
    /// Sends HTTP requests; ``DefaultTransport/shared`` unless replaced.
    public var transport: any ClientTransport
    /// The base URL of every server an operation may name.
    public var baseURLs: [ServerID: URL]
    /// Headers added to every request (the request's own headers win).
    public var additionalHeaders: HTTPFields
    /// When to retry.
    public var retryPolicy: RetryPolicy
    /// The most bytes read from a JSON response; larger bodies fail with an error instead of
    /// exhausting memory.
    public var maxResponseBodySize: Int
    /// The most bytes of an error body kept for ``APIError/rawBody``.
    public var maxErrorBodySize: Int
    /// How many redirects a binary download may follow.
    public var maxRedirects: Int
    /// Where request lines, statuses, durations and retry decisions are logged.
    public var logger: Logger
    /// A prefix for metric names (`<prefix>_requests_total`...).
    public var metricsPrefix: String
    /// Receives the per-operation counters and timers; `nil` uses the process-wide
    /// `MetricsSystem`. Metric handles are made once per operation and kept, so bootstrap
    /// `MetricsSystem` before making clients.
    public var metricsFactory: (any MetricsFactory)?
    /// Receives a span per request and injects the trace context into request headers;
    /// `nil` uses the process-wide `InstrumentationSystem.tracer`.
    public var tracer: (any Tracer)?

    /// Creates a configuration.
    public init(
        transport: any ClientTransport = DefaultTransport.shared,
        baseURLs: [ServerID: URL],
        additionalHeaders: HTTPFields = HTTPFields(),
        retryPolicy: RetryPolicy = RetryPolicy(),
        maxResponseBodySize: Int = 32 * 1024 * 1024,
        maxErrorBodySize: Int = 64 * 1024,
        maxRedirects: Int = 5,
        logger: Logger = Logger(label: "boxlike", factory: { _ in SwiftLogNoOpLogHandler() }),
        metricsPrefix: String = "boxlike",
        metricsFactory: (any MetricsFactory)? = nil,
        tracer: (any Tracer)? = nil
    ) {
        self.transport = transport
        self.baseURLs = baseURLs
        self.additionalHeaders = additionalHeaders
        self.retryPolicy = retryPolicy
        self.maxResponseBodySize = maxResponseBodySize
        self.maxErrorBodySize = maxErrorBodySize
        self.maxRedirects = maxRedirects
        self.logger = logger
        self.metricsPrefix = metricsPrefix
        self.metricsFactory = metricsFactory
        self.tracer = tracer
    }
}
