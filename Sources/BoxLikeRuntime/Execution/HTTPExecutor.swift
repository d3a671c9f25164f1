import Foundation
import HTTPTypes
import Logging
import Metrics
import OpenAPIRuntime
import Tracing

/// The request pipeline: turns a ``RequestDescription`` into HTTP, adds credentials,
/// retries what is safe to retry, follows download redirects without credentials, maps
/// failures to typed errors, and logs, measures and traces every call.
///
/// ```swift
/// let executor = HTTPExecutor(configuration: ExecutorConfiguration(baseURLs: ["api": apiURL]),
///                             authorizer: myAuthorizer)
/// let response = try await executor.execute(request)
/// ```
public struct HTTPExecutor: RequestExecutor {
    /// Where and how requests are sent.
    ///
    /// Metric handles and the process-wide tracer are looked up when the pipeline is made
    /// (and again when this changes), not on every request; bootstrap `MetricsSystem` and
    /// `InstrumentationSystem` before making clients.
    public var configuration: ExecutorConfiguration {
        didSet { instruments = Instruments(configuration) }
    }
    /// Supplies credentials; `nil` sends requests without them.
    public var authorizer: (any RequestAuthorizer)?
    private var instruments: Instruments

    /// Creates a pipeline.
    public init(configuration: ExecutorConfiguration, authorizer: (any RequestAuthorizer)? = nil) {
        self.configuration = configuration
        self.authorizer = authorizer
        self.instruments = Instruments(configuration)
    }

    /// What the pipeline reports to, resolved once.
    private struct Instruments: Sendable {
        let metrics: OperationMetrics
        /// `nil` when no tracer would keep a span (the no-op tracer).
        let tracer: (any Tracer)?
        /// Injects trace context into request headers.
        let instrument: any Instrument

        init(_ configuration: ExecutorConfiguration) {
            metrics = OperationMetrics(prefix: configuration.metricsPrefix, factory: configuration.metricsFactory)
            let tracer: any Tracer = configuration.tracer ?? InstrumentationSystem.tracer
            self.tracer = tracer is NoOpTracer ? nil : tracer
            // Without a tracer another instrument (baggage propagation, say) may still want
            // the context in the headers.
            instrument = configuration.tracer ?? InstrumentationSystem.instrument
        }
    }

    private var metrics: OperationMetrics { instruments.metrics }

    /// Sends the request; see ``RequestExecutor/execute(_:)``.
    public func execute(_ request: RequestDescription) async throws -> APIResponse {
        guard let tracer = instruments.tracer else {
            return try await measured(request, instrument: instruments.instrument, span: nil)
        }
        return try await traced(request, tracer: tracer)
    }

    private func traced(_ request: RequestDescription, tracer: some Tracer) async throws -> APIResponse {
        try await tracer.withSpan(request.operationId, ofKind: .client) { span in
            try await measured(request, instrument: tracer, span: span.isRecording ? span : nil)
        }
    }

    /// Sends the request, counting and timing it and describing it on `span`.
    private func measured(_ request: RequestDescription, instrument: any Instrument,
                          span: (any Span)?) async throws -> APIResponse {
        span?.attributes["http.request.method"] = request.method.rawValue
        span?.attributes["boxlike.operation"] = request.operationId
        let start = ContinuousClock.now
        do {
            let response = try await send(request, instrument: instrument)
            span?.attributes["http.response.status_code"] = response.status.code
            metrics.record(operation: request.operationId, status: response.status.code,
                           duration: ContinuousClock.now - start)
            return response
        } catch let error as APIError {
            span?.attributes["http.response.status_code"] = error.status
            span?.setStatus(SpanStatus(code: .error))
            metrics.record(operation: request.operationId, status: error.status,
                           duration: ContinuousClock.now - start)
            throw error
        } catch {
            span?.recordError(error)
            span?.setStatus(SpanStatus(code: .error))
            metrics.record(operation: request.operationId,
                           status: error is CancellationError ? OperationMetrics.cancelled : OperationMetrics.failed,
                           duration: ContinuousClock.now - start)
            throw error
        }
    }

    // MARK: - The attempt loop

    private func send(_ request: RequestDescription, instrument: any Instrument) async throws -> APIResponse {
        var logger: Logger { configuration.logger }
        var policy: RetryPolicy { configuration.retryPolicy }
        let target = try RequestTarget(request: request, configuration: configuration)
        var authorization: String?
        if request.requiresAuthentication, let authorizer {
            authorization = try await authorizer.authorizationHeader()
        }
        var attempt = 0
        var notReadyWaits = 0
        var replayedAfterUnauthorized = false
        let idempotent = Self.isIdempotent(request)
        let replayable = request.body?.isReplayable ?? true

        while true {
            try Task.checkCancellation()
            attempt += 1
            let httpRequest = target.httpRequest(authorization: authorization, additional: configuration.additionalHeaders,
                                                 instrument: instrument)
            let started = ContinuousClock.now
            logger.debug("request", metadata: [
                "operation": "\(request.operationId)", "method": "\(request.method.rawValue)",
                "url": "\(target.redactedURL)", "attempt": "\(attempt)",
            ])

            let response: HTTPResponse
            let body: HTTPBody?
            do {
                let encoded = try request.body?.makeHTTPBody()
                var outgoing = httpRequest
                if let encoded {
                    outgoing.headerFields[.contentType] = encoded.contentType
                    if let length = encoded.length { outgoing.headerFields[.contentLength] = String(length) }
                }
                (response, body) = try await configuration.transport.send(
                    outgoing, body: encoded?.body, baseURL: target.baseURL, operationID: request.operationId)
            } catch let error as ByteSourceError {
                throw SDKError(.invalidArgument, "The request body could not be read.", underlying: error)
            } catch let error as RequestBodyError {
                throw SDKError(.invalidArgument, error.description, underlying: error)
            } catch {
                if Task.isCancelled || error is CancellationError { throw CancellationError() }
                let kind = TransportErrorClassifier.classify(error)
                let nothingSent = kind == .connectionFailed
                let mayRetry = (idempotent || nothingSent) && replayable && attempt < policy.maxAttempts
                logger.notice("transport error", metadata: [
                    "operation": "\(request.operationId)", "kind": "\(kind)", "attempt": "\(attempt)",
                    "retry": "\(mayRetry)",
                ])
                guard mayRetry else {
                    throw NetworkError(kind: kind, operationId: request.operationId,
                                       requestMethod: request.method.rawValue, requestUrl: target.url,
                                       attempts: attempt, reason: TransportErrorClassifier.describe(error))
                }
                try await Task.sleep(for: policy.backoffDelay(forRetry: attempt))
                continue
            }

            let status = response.status.code
            logger.debug("response", metadata: [
                "operation": "\(request.operationId)", "status": "\(status)",
                "duration_ms": "\(Self.milliseconds(since: started))",
            ])

            // 202 Accepted with Retry-After: the resource is not ready yet; wait and ask again.
            if status == 202, let retryAfter = response.headerFields[.retryAfter],
               notReadyWaits < policy.maxNotReadyWaits, replayable {
                notReadyWaits += 1
                try await Self.discard(body)
                let delay = policy.retryAfterDelay(retryAfter) ?? policy.backoffDelay(forRetry: notReadyWaits)
                logger.info("not ready, waiting", metadata: ["operation": "\(request.operationId)", "delay": "\(delay)"])
                try await Task.sleep(for: delay)
                attempt -= 1
                continue
            }

            if (200..<300).contains(status) {
                return try await successResponse(request, response: response, body: body, target: target)
            }

            if [301, 302, 303, 307, 308].contains(status), request.responseKind == .binary,
               let location = response.headerFields[.location] {
                try await Self.discard(body)
                return try await followRedirect(from: request, location: location, base: target)
            }

            if status == 401, request.requiresAuthentication, let authorizer, let rejected = authorization,
               !replayedAfterUnauthorized, replayable {
                try await Self.discard(body)
                replayedAfterUnauthorized = true
                if let renewed = try await authorizer.authorizationHeader(afterRejecting: rejected) {
                    logger.info("unauthorized, replaying with a refreshed token",
                                metadata: ["operation": "\(request.operationId)"])
                    authorization = renewed
                    attempt -= 1
                    continue
                }
                throw try await apiError(request, response: response, body: nil, target: target)
            }

            if policy.retryableStatuses.contains(status), attempt < policy.maxAttempts, replayable {
                let retryAfter = response.headerFields[.retryAfter]
                // A request that is not idempotent may have been carried out already; only a
                // refusal that guarantees it was not (429, or 503 with Retry-After) is retried.
                let notProcessed = status == 429 || (status == 503 && retryAfter != nil)
                if idempotent || notProcessed {
                    let delay = retryAfter.flatMap { policy.retryAfterDelay($0) }
                        ?? policy.backoffDelay(forRetry: attempt)
                    logger.notice("retrying", metadata: [
                        "operation": "\(request.operationId)", "status": "\(status)",
                        "attempt": "\(attempt)", "delay": "\(delay)",
                    ])
                    try await Self.discard(body)
                    try await Task.sleep(for: delay)
                    continue
                }
            }
            throw try await apiError(request, response: response, body: body, target: target)
        }
    }

    // MARK: - Responses

    private func successResponse(_ request: RequestDescription, response: HTTPResponse, body: HTTPBody?,
                                 target: RequestTarget) async throws -> APIResponse {
        switch request.responseKind {
        case .binary:
            return APIResponse(status: response.status, headerFields: response.headerFields,
                               stream: ByteStream(body ?? HTTPBody(), responseHeaders: response.headerFields), operationId: request.operationId)
        case .none:
            try await Self.discard(body)
            return APIResponse(status: response.status, headerFields: response.headerFields,
                               operationId: request.operationId)
        case .json:
            let bytes: [UInt8]
            do {
                bytes = try await ByteStream(body ?? HTTPBody()).collect(upTo: configuration.maxResponseBodySize)
            } catch is ByteStreamError {
                throw SDKError(.invalidResponse,
                               "The \(request.operationId) response is larger than the limit of \(configuration.maxResponseBodySize) bytes.")
            } catch {
                if error is CancellationError { throw error }
                throw NetworkError(kind: .bodyIncomplete, operationId: request.operationId,
                                   requestMethod: request.method.rawValue, requestUrl: target.url, attempts: 1,
                                   reason: TransportErrorClassifier.describe(error))
            }
            return APIResponse(status: response.status, headerFields: response.headerFields, bytes: bytes,
                               operationId: request.operationId)
        }
    }

    /// Follows a download redirect. The new location gets no credentials and none of the
    /// API's additional headers, only what describes the content wanted (`Range`).
    private func followRedirect(from request: RequestDescription, location: String,
                                base: RequestTarget) async throws -> APIResponse {
        var current = location
        var previous = base.url
        for hop in 1...max(1, configuration.maxRedirects) {
            guard let url = URL(string: current, relativeTo: URL(string: previous)),
                  let absolute = URL(string: url.absoluteString),
                  let scheme = absolute.scheme, ["http", "https"].contains(scheme.lowercased())
            else {
                throw SDKError(.invalidResponse, "The \(request.operationId) response redirected to an unusable location.")
            }
            var fields = HTTPFields()
            if let range = request.headers[.range] { fields[.range] = range }
            let target = try RequestTarget(absoluteURL: absolute, headerFields: fields)
            let redirectRequest = target.httpRequest(authorization: nil, additional: HTTPFields())
            let redirect = RequestDescription(operationId: request.operationId, method: .get, server: request.server,
                                              pathTemplate: absolute.path, responseKind: .binary,
                                              requiresAuthentication: false)
            var (response, body): (HTTPResponse, HTTPBody?)
            var attempt = 0
            while true {
                attempt += 1
                do {
                    (response, body) = try await configuration.transport.send(
                        redirectRequest, body: nil, baseURL: target.baseURL, operationID: request.operationId)
                } catch {
                    if Task.isCancelled || error is CancellationError { throw CancellationError() }
                    if attempt < configuration.retryPolicy.maxAttempts {
                        try await Task.sleep(for: configuration.retryPolicy.backoffDelay(forRetry: attempt))
                        continue
                    }
                    throw NetworkError(kind: TransportErrorClassifier.classify(error), operationId: request.operationId,
                                       requestMethod: "GET", requestUrl: target.url, attempts: attempt,
                                       reason: TransportErrorClassifier.describe(error))
                }
                let status = response.status.code
                if configuration.retryPolicy.retryableStatuses.contains(status),
                   attempt < configuration.retryPolicy.maxAttempts {
                    let delay = response.headerFields[.retryAfter].flatMap { configuration.retryPolicy.retryAfterDelay($0) }
                        ?? configuration.retryPolicy.backoffDelay(forRetry: attempt)
                    try await Self.discard(body)
                    try await Task.sleep(for: delay)
                    continue
                }
                break
            }
            let status = response.status.code
            if (200..<300).contains(status) {
                return APIResponse(status: response.status, headerFields: response.headerFields,
                                   stream: ByteStream(body ?? HTTPBody(), responseHeaders: response.headerFields), operationId: request.operationId)
            }
            if [301, 302, 303, 307, 308].contains(status), let next = response.headerFields[.location], hop < configuration.maxRedirects {
                try await Self.discard(body)
                previous = absolute.absoluteString
                current = next
                continue
            }
            throw try await apiError(redirect, response: response, body: body, target: target)
        }
        throw SDKError(.invalidResponse, "The \(request.operationId) response redirected too many times.")
    }

    private func apiError(_ request: RequestDescription, response: HTTPResponse, body: HTTPBody?,
                          target: RequestTarget) async throws -> APIError {
        var bytes: [UInt8] = []
        if let body {
            do {
                for try await chunk in body {
                    let room = configuration.maxErrorBodySize - bytes.count
                    if room <= 0 { break }
                    bytes.append(contentsOf: chunk.prefix(room))
                }
            } catch {
                if error is CancellationError { throw error }
                // A broken error body still leaves the status to report.
            }
        }
        let error = APIError(status: response.status.code, operationId: request.operationId,
                             requestMethod: request.method.rawValue, requestUrl: target.url,
                             responseHeaders: response.headerFields, body: bytes)
        configuration.logger.info("request failed", metadata: [
            "operation": "\(request.operationId)", "status": "\(error.status)",
            "code": "\(error.code ?? "-")", "request_id": "\(error.requestId ?? "-")",
        ])
        return error
    }

    // MARK: - Helpers

    /// GET, HEAD, OPTIONS and DELETE may be repeated; PUT and PATCH only when guarded by
    /// `If-Match` (a repeat then fails the precondition instead of changing anything twice).
    static func isIdempotent(_ request: RequestDescription) -> Bool {
        switch request.method {
        case .get, .head, .options, .delete, .trace: return true
        case .put, .patch: return request.headers[.ifMatch] != nil
        default: return false
        }
    }

    private static func discard(_ body: HTTPBody?) async throws {
        guard let body else { return }
        do {
            for try await _ in body {}
        } catch {
            if error is CancellationError { throw error }
        }
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int64 {
        let elapsed = ContinuousClock.now - start
        return elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
    }
}
