import Foundation
import HTTPTypes
import Logging
import Metrics
import OpenAPIRuntime
import Tracing

/// How an ``HTTPExecutor`` reaches the API: the one stored copy of a session's settings.
///
/// The settings a user chooses (transport, timeouts, retries, limits, logging...) have no
/// defaults here: the SDK's `NetworkSession` spells each default once, in its initialiser.
package struct ExecutorConfiguration: Sendable {
    /// A transport given by the caller; `nil` sends with the default AsyncHTTPClient transport
    /// configured with ``timeouts``, ``tls`` and ``proxy``.
    package var customTransport: (any ClientTransport)?
    /// The connect, read-idle and total limits of each attempt (default transport).
    package var timeouts: NetworkTimeouts
    /// Extra trust roots, a client certificate and the minimum TLS version (default transport).
    package var tls: TLSOptions?
    /// The HTTP proxy (default transport).
    package var proxy: NetworkProxy
    /// The base URL of every server an operation may name.
    package var baseURLs: [ServerID: URL]
    /// Headers added to every request (the request's own headers win).
    package var additionalHeaders: HTTPFields
    /// When to retry.
    package var retryPolicy: RetryPolicy
    /// The most bytes read from a JSON response; larger bodies fail with an error instead of
    /// exhausting memory.
    package var maxResponseBodySize: Int
    /// The most bytes of an error body kept for ``BoxAPIError/rawBody``.
    package var maxErrorBodySize = 64 * 1024
    /// How many redirects a binary download may follow.
    package var maxRedirects = 5
    /// Where request lines, statuses, durations and retry decisions are logged.
    package var logger: Logger
    /// A prefix for metric names (`<prefix>_requests_total`...).
    package var metricsPrefix = "boxlike"
    /// Receives the per-operation counters and timers; `nil` uses the process-wide
    /// `MetricsSystem`. Metric handles are made once per operation and kept, so bootstrap
    /// `MetricsSystem` before making clients.
    package var metricsFactory: (any MetricsFactory)?
    /// Receives a span per request and injects the trace context into request headers;
    /// `nil` uses the process-wide `InstrumentationSystem.tracer`.
    package var tracer: (any Tracer)?
    /// The time and the waits between attempts.
    package var clock: ExecutorClock = .system
    /// Run in order around every attempt.
    package var interceptors: [any RequestInterceptor]

    /// Sends HTTP requests: the caller's transport, else the configured default (whose
    /// AsyncHTTPClient and wrapped transport are made once per setting and kept).
    package var transport: any ClientTransport {
        customTransport ?? DefaultTransport.configured(timeouts: timeouts, tls: tls, proxy: proxy)
    }

    /// Creates a configuration.
    package init(
        transport: (any ClientTransport)?,
        timeouts: NetworkTimeouts,
        tls: TLSOptions?,
        proxy: NetworkProxy,
        baseURLs: [ServerID: URL],
        additionalHeaders: HTTPFields,
        retryPolicy: RetryPolicy,
        maxResponseBodySize: Int,
        logger: Logger,
        metricsFactory: (any MetricsFactory)?,
        tracer: (any Tracer)?,
        interceptors: [any RequestInterceptor]
    ) {
        self.customTransport = transport
        self.timeouts = timeouts
        self.tls = tls
        self.proxy = proxy
        self.baseURLs = baseURLs
        self.additionalHeaders = additionalHeaders
        self.retryPolicy = retryPolicy
        self.maxResponseBodySize = maxResponseBodySize
        self.logger = logger
        self.metricsFactory = metricsFactory
        self.tracer = tracer
        self.interceptors = interceptors
    }

    /// Whether a request to `url` goes through an HTTP proxy: only with the default transport
    /// and a proxy set (an environment proxy depends on the URL).
    package func sendsThroughProxy(_ url: @autoclosure () -> String) -> Bool {
        guard customTransport == nil else { return false }
        switch proxy {
        case .none: return false
        case .http: return true
        case .environment:
            guard let parsed = URL(string: url()) else { return false }
            return ((try? proxy.server(for: parsed, environment: ProcessInfo.processInfo.environment)) ?? nil) != nil
        }
    }
}
