import Foundation
import HTTPTypes
import Logging
import Metrics
import OpenAPIRuntime
import Tracing

/// How an ``HTTPExecutor`` reaches the API.
package struct ExecutorConfiguration: Sendable {
    /// Sends HTTP requests; ``DefaultTransport/shared`` unless replaced.
    package var transport: any ClientTransport
    /// The base URL of every server an operation may name.
    package var baseURLs: [ServerID: URL]
    /// Headers added to every request (the request's own headers win).
    package var additionalHeaders: HTTPFields
    /// When to retry.
    package var retryPolicy: RetryPolicy
    /// The most bytes read from a JSON response; larger bodies fail with an error instead of
    /// exhausting memory.
    package var maxResponseBodySize: Int
    /// The most bytes of an error body kept for ``APIError/rawBody``.
    package var maxErrorBodySize: Int
    /// How many redirects a binary download may follow.
    package var maxRedirects: Int
    /// Where request lines, statuses, durations and retry decisions are logged.
    package var logger: Logger
    /// A prefix for metric names (`<prefix>_requests_total`...).
    package var metricsPrefix: String
    /// Receives the per-operation counters and timers; `nil` uses the process-wide
    /// `MetricsSystem`. Metric handles are made once per operation and kept, so bootstrap
    /// `MetricsSystem` before making clients.
    package var metricsFactory: (any MetricsFactory)?
    /// Receives a span per request and injects the trace context into request headers;
    /// `nil` uses the process-wide `InstrumentationSystem.tracer`.
    package var tracer: (any Tracer)?
    /// The time and the waits between attempts.
    package var clock: ExecutorClock
    /// Run in order around every attempt.
    package var interceptors: [any RequestInterceptor] = []

    /// Creates a configuration.
    package init(
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
        tracer: (any Tracer)? = nil,
        clock: ExecutorClock = .system
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
        self.clock = clock
    }
}
