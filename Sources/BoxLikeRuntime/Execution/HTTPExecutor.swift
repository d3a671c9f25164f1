import Foundation
import HTTPTypes
import Logging
import Metrics
import NIOCore
import OpenAPIRuntime
import Tracing

/// The request pipeline: turns a ``RequestDescription`` into HTTP, adds credentials,
/// retries what is safe to retry, follows download redirects without credentials, maps
/// failures to typed errors, and logs, measures and traces every call.
///
/// ```swift
/// let executor = HTTPExecutor(configuration: networkSession.configuration, authorizer: myAuthorizer)
/// let response = try await executor.execute(request)
/// ```
package struct HTTPExecutor: RequestExecutor {
    /// Where and how requests are sent.
    ///
    /// Metric handles, the process-wide tracer and the transport are looked up when the
    /// pipeline is made (and again when this changes), not on every request; bootstrap
    /// `MetricsSystem` and `InstrumentationSystem` before making clients.
    package var configuration: ExecutorConfiguration {
        didSet {
            instruments = Instruments(configuration)
            transport = Transport(configuration.transport)
        }
    }
    /// Supplies credentials; `nil` sends requests without them.
    package var authorizer: (any RequestAuthorizer)?
    private var instruments: Instruments
    /// The configuration's transport.
    private var transport: Transport

    /// The configuration's clock: how the pipeline waits between attempts and tells time.
    package var clock: ExecutorClock { configuration.clock }

    /// Creates a pipeline.
    package init(configuration: ExecutorConfiguration, authorizer: (any RequestAuthorizer)? = nil) {
        self.configuration = configuration
        self.authorizer = authorizer
        self.instruments = Instruments(configuration)
        self.transport = Transport(configuration.transport)
    }

    /// The configuration's transport, and whether it hands over response bodies as it
    /// received them (the default transport does), found out once rather than per request.
    private struct Transport: Sendable {
        let base: any ClientTransport
        let bytes: (any ResponseBytesTransport)?

        init(_ base: any ClientTransport) {
            self.base = base
            self.bytes = base as? any ResponseBytesTransport
        }

        func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL,
                  operationID: String) async throws -> (HTTPResponse, ResponseBytes?) {
            if let bytes {
                return try await bytes.sendReturningBytes(request, body: body, baseURL: baseURL, operationID: operationID)
            }
            return try await base.sendWrappingBody(request, body: body, baseURL: baseURL, operationID: operationID)
        }
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
    package func execute(_ request: RequestDescription) async throws -> APIResponse {
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
        } catch let error as BoxAPIError {
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

    /// Sends attempts until the ``AttemptStateMachine`` says to stop: all waiting, credential
    /// renewal and redirects happen here, every decision there.
    private func send(_ request: RequestDescription, instrument: any Instrument) async throws -> APIResponse {
        let logger = configuration.logger
        var target = try request.absoluteURL.map { try RequestTarget(absoluteURL: $0, headerFields: request.headers) }
            ?? RequestTarget(request: request, configuration: configuration)
        var accessToken: String?
        if request.requiresAuthentication, let authorizer {
            accessToken = try await authorizer.accessToken()
        }
        var machine = AttemptStateMachine(
            traits: .init(isIdempotent: Self.isIdempotent(request), isReplayable: request.body?.isReplayable ?? true,
                          carriesCredentials: accessToken != nil, followsRedirects: request.responseKind == .binary,
                          answersWithRedirect: request.responseKind == .location,
                          throughProxy: configuration.sendsThroughProxy(target.url)),
            policy: configuration.retryPolicy, maxRedirects: configuration.maxRedirects, now: configuration.clock.now)
        // A redirect is followed as a bare GET: no body, no credentials, none of the API's
        // additional headers.
        var method = request.method
        var body = request.body
        var additionalHeaders = configuration.additionalHeaders
        // The headers of the first response that redirected: the API's own answer, which is
        // what a download's announced SHA-1 is taken from, never the location's.
        var redirectingResponseHeaders: HTTPFields?
        if let absolute = request.absoluteURL {
            // A URL a server named (a realtime long-poll) is never reached over plain http when
            // the API is over https, and on a host other than the API's it gets none of the
            // session's headers (`As-User`, custom keys).
            if absolute.scheme?.lowercased() != "https", configuration.baseURLs[request.server]?.scheme?.lowercased() == "https" {
                throw BoxSDKError(.invalidResponse,
                                  "The server named a URL that is not https for \(request.operationId) while the API is reached over https; it was not sent.")
            }
            if let origin = Origin(absolute), !configuration.baseURLs.values.contains(where: origin.contains) {
                additionalHeaders = HTTPFields()
            }
        }
        // Token requests carry client secrets and refresh tokens: only interceptors that ask see them.
        let interceptors = request.isTokenRequest
            ? configuration.interceptors.filter(\.interceptsTokenRequests) : configuration.interceptors

        while true {
            try Task.checkCancellation()
            machine.willSend()
            let authorization = accessToken.map(AuthorizationHeader.bearer)
            var head = target.httpRequest(authorization: authorization, additional: additionalHeaders,
                                          instrument: instrument)
            var attemptTarget = target
            if !interceptors.isEmpty {
                (head, attemptTarget) = try await intercept(
                    head, target: target, method: method, attempt: machine.attempts, request.operationId,
                    interceptors: interceptors, added: AddedHeaders(authorization: authorization, additional: additionalHeaders))
            }
            let started = ContinuousClock.now
            logger.debug("request", metadata: [
                "operation": "\(request.operationId)", "method": "\(method.rawValue)",
                "url": "\(attemptTarget.redactedURL)", "attempt": "\(machine.attempts)",
            ])

            let response: HTTPResponse
            let responseBody: ResponseBytes?
            do {
                (response, responseBody) = try await transmit(head, body: body, to: attemptTarget, request.operationId)
            } catch let error as ByteSourceError {
                throw BoxSDKError(.invalidArgument, "The request body could not be read.", underlying: error)
            } catch let error as RequestBodyError {
                throw BoxSDKError(.invalidArgument, error.description, underlying: error)
            } catch let error as BoxSDKError {
                throw error
            } catch {
                if Task.isCancelled || error is CancellationError { throw CancellationError() }
                let failure = TransportErrorClassifier.classify(error)
                let action = machine.next(.transportFailure(failure.kind))
                logger.notice("transport error", metadata: [
                    "operation": "\(request.operationId)", "kind": "\(failure.kind)", "attempt": "\(machine.attempts)",
                    "retry": "\(action != .fail)",
                ])
                let networkError = BoxNetworkError(
                    kind: failure.kind, operationId: request.operationId, requestMethod: method.rawValue,
                    requestUrl: attemptTarget.url, attempts: machine.attempts, reason: TransportErrorClassifier.describe(error),
                    timeout: failure.timeout, tlsFailure: failure.tls, proxyFailure: failure.proxy)
                if !interceptors.isEmpty {
                    let willRetry: Bool
                    if case .retry = action { willRetry = true } else { willRetry = false }
                    let observed = InterceptedFailure(
                        operationId: request.operationId, method: method, attempt: machine.attempts,
                        url: attemptTarget.redactedURL, error: networkError, willRetry: willRetry,
                        duration: ContinuousClock.now - started)
                    for interceptor in interceptors {
                        await interceptor.didFail(observed)
                    }
                }
                guard case .retry(let delay) = action else { throw networkError }
                try await configuration.clock.sleep(delay)
                continue
            }

            let status = response.status.code
            let elapsed = ContinuousClock.now - started
            logger.debug("response", metadata: [
                "operation": "\(request.operationId)", "status": "\(status)",
                "duration_ms": "\(Self.milliseconds(since: started))",
            ])
            if !interceptors.isEmpty {
                let observed = InterceptedResponse(
                    operationId: request.operationId, method: method, attempt: machine.attempts,
                    url: attemptTarget.redactedURL, status: status, headerFields: response.headerFields, duration: elapsed)
                for interceptor in interceptors {
                    await interceptor.didReceive(observed)
                }
            }
            switch machine.next(.response(status: status, headers: response.headerFields)) {
            case .succeed:
                return try await successResponse(request, response: response, body: responseBody, target: target,
                                                 apiResponseHeaders: redirectingResponseHeaders ?? response.headerFields)

            case .retry(let delay):
                logger.notice("retrying", metadata: [
                    "operation": "\(request.operationId)", "status": "\(status)",
                    "attempt": "\(machine.attempts)", "delay": "\(delay)",
                ])
                try await Self.discard(responseBody)
                try await configuration.clock.sleep(delay)

            case .waitUntilReady(let delay):
                try await Self.discard(responseBody)
                logger.info("not ready, waiting", metadata: ["operation": "\(request.operationId)", "delay": "\(delay)"])
                try await configuration.clock.sleep(delay)

            case .replayWithFreshCredentials:
                try await Self.discard(responseBody)
                guard let rejected = accessToken, let authorizer,
                      case .renewed(let renewed) = try await authorizer.renewal(afterRejecting: rejected)
                else {
                    throw try await apiError(request.operationId, method: method, response: response, body: nil,
                                             target: target)
                }
                logger.info("unauthorized, replaying with a refreshed token",
                            metadata: ["operation": "\(request.operationId)"])
                accessToken = renewed

            case .followRedirect(let location):
                try await Self.discard(responseBody)
                target = try Self.redirectTarget(location, from: target, request: request)
                if redirectingResponseHeaders == nil { redirectingResponseHeaders = response.headerFields }
                method = .get
                body = nil
                accessToken = nil
                additionalHeaders = HTTPFields()

            case .fail:
                throw try await apiError(request.operationId, method: method, response: response, body: responseBody,
                                         target: target)

            case .failTooManyRedirects:
                try await Self.discard(responseBody)
                throw BoxSDKError(.invalidResponse, "The \(request.operationId) response redirected too many times.")

            case .failProxyAuthenticationRequired:
                try await Self.discard(responseBody)
                throw BoxNetworkError(kind: .proxy, operationId: request.operationId, requestMethod: method.rawValue,
                                      requestUrl: attemptTarget.url, attempts: machine.attempts,
                                      reason: "The proxy refused the request: it asks for proxy credentials, or refused the ones given.",
                                      proxyFailure: .authenticationRequired)
            }
        }
    }

    /// The headers the pipeline put on an attempt that only the API's hosts may see.
    private struct AddedHeaders {
        let authorization: String?
        let additional: HTTPFields
    }

    /// Lets the interceptors change the attempt's head and URL, in order.
    ///
    /// An attempt moved to another origin loses the credentials and session headers the
    /// pipeline added (as on a redirect; values an interceptor changed are its own), and a
    /// move from `https` to `http` is refused.
    private func intercept(_ head: HTTPRequest, target: RequestTarget, method: HTTPRequest.Method, attempt: Int,
                           _ operationId: String, interceptors: [any RequestInterceptor],
                           added: AddedHeaders) async throws -> (HTTPRequest, RequestTarget) {
        let originalURL = target.url
        guard let url = URL(string: originalURL) else {
            throw BoxSDKError(.invalidArgument, "The \(operationId) URL is not valid.")
        }
        var view = InterceptedRequest(operationId: operationId, method: method, attempt: attempt, url: url,
                                      headerFields: head.headerFields)
        for interceptor in interceptors {
            do {
                try await interceptor.willSend(&view)
            } catch {
                if error is CancellationError { throw error }
                configuration.logger.notice("interceptor failed", metadata: [
                    "operation": "\(operationId)", "interceptor": "\(type(of: interceptor))",
                ])
                throw BoxSDKError(.interceptor, "The request interceptor \(type(of: interceptor)) stopped \(operationId).",
                                  underlying: RedactedInterceptorError(error))
            }
        }
        var changed = head
        changed.headerFields = view.headerFields
        guard view.url.absoluteString != originalURL else { return (changed, target) }
        guard let scheme = view.url.scheme?.lowercased(), ["http", "https"].contains(scheme), view.url.host != nil else {
            throw BoxSDKError(.interceptor, "A request interceptor sent \(operationId) to a URL that is not http(s).")
        }
        if url.scheme?.lowercased() == "https", scheme == "http" {
            throw BoxSDKError(.interceptor, "A request interceptor sent \(operationId) from https to http; it was not sent.")
        }
        if Origin(view.url) != Origin(url) {
            if let authorization = added.authorization, changed.headerFields[.authorization] == authorization {
                changed.headerFields[.authorization] = nil
            }
            for field in added.additional where changed.headerFields[field.name] == field.value {
                changed.headerFields[field.name] = nil
            }
        }
        let moved = try RequestTarget(absoluteURL: view.url)
        changed.path = moved.path
        return (changed, moved)
    }

    /// Sends one attempt, with the body's content headers.
    private func transmit(_ head: HTTPRequest, body: RequestBody?, to target: RequestTarget,
                          _ operationId: String) async throws -> (HTTPResponse, ResponseBytes?) {
        var outgoing = head
        let encoded = try body?.makeHTTPBody()
        if let encoded {
            outgoing.headerFields[.contentType] = encoded.contentType
            if let length = encoded.length { outgoing.headerFields[.contentLength] = String(length) }
        }
        return try await transport.send(outgoing, body: encoded?.body, baseURL: target.baseURL,
                                        operationID: operationId)
    }

    /// Where a redirect leads: `location` resolved against the current URL, over HTTP(S),
    /// asking only for the content the call wanted (`Range`).
    ///
    /// - Throws: ``BoxSDKError`` of kind ``BoxSDKError/Kind/insecureRedirect`` for a move from
    ///   `https` to `http`, ``BoxSDKError/Kind/invalidResponse`` for a location that is not http(s).
    private static func redirectTarget(_ location: String, from current: RequestTarget,
                                       request: RequestDescription) throws -> RequestTarget {
        guard let url = URL(string: location, relativeTo: URL(string: current.url)),
              let absolute = URL(string: url.absoluteString),
              let scheme = absolute.scheme, ["http", "https"].contains(scheme.lowercased())
        else {
            throw BoxSDKError(.invalidResponse, "The \(request.operationId) response redirected to an unusable location.")
        }
        if scheme.lowercased() == "http", URL(string: current.url)?.scheme?.lowercased() == "https" {
            throw BoxSDKError(.insecureRedirect,
                              "The \(request.operationId) response redirected from https to http; the redirect was not followed.")
        }
        var fields = HTTPFields()
        if let range = request.headers[.range] { fields[.range] = range }
        return try RequestTarget(absoluteURL: absolute, headerFields: fields)
    }

    // MARK: - Responses

    private func successResponse(_ request: RequestDescription, response: HTTPResponse, body: ResponseBytes?,
                                 target: RequestTarget, apiResponseHeaders: HTTPFields) async throws -> APIResponse {
        switch request.responseKind {
        case .binary:
            return APIResponse(status: response.status, headerFields: response.headerFields,
                               stream: ByteStream(body ?? .whole(ByteBuffer()), responseHeaders: response.headerFields,
                                                  apiResponseHeaders: apiResponseHeaders),
                               operationId: request.operationId)
        case .none, .location:
            try await Self.discard(body)
            return APIResponse(status: response.status, headerFields: response.headerFields,
                               operationId: request.operationId)
        case .json:
            let bytes: [UInt8]
            do {
                bytes = try await body?.collect(upTo: configuration.maxResponseBodySize) ?? []
            } catch is ByteStreamError {
                throw BoxSDKError(.invalidResponse,
                                  "The \(request.operationId) response is larger than the limit of \(configuration.maxResponseBodySize) bytes.")
            } catch {
                if error is CancellationError { throw error }
                throw BoxNetworkError(kind: .bodyIncomplete, operationId: request.operationId,
                                      requestMethod: request.method.rawValue, requestUrl: target.url, attempts: 1,
                                      reason: TransportErrorClassifier.describe(error))
            }
            return APIResponse(status: response.status, headerFields: response.headerFields, bytes: bytes,
                               operationId: request.operationId)
        }
    }

    private func apiError(_ operationId: String, method: HTTPRequest.Method, response: HTTPResponse,
                          body: ResponseBytes?, target: RequestTarget) async throws -> BoxAPIError {
        // A broken error body still leaves the status to report.
        let bytes = try await body?.prefix(configuration.maxErrorBodySize) ?? []
        let error = BoxAPIError(status: response.status.code, operationId: operationId,
                                requestMethod: method.rawValue, requestUrl: target.url,
                                responseHeaders: response.headerFields, body: bytes)
        configuration.logger.info("request failed", metadata: [
            "operation": "\(operationId)", "status": "\(error.status)",
            "code": "\(error.code ?? "-")", "request_id": "\(error.requestId ?? "-")",
        ])
        return error
    }

    // MARK: - Helpers

    /// GET, HEAD, OPTIONS and DELETE may be repeated; PUT and PATCH only when guarded by
    /// `If-Match` (a repeat then fails the precondition instead of changing anything twice);
    /// any operation the specification declares idempotent (token revocation, RFC 7009).
    static func isIdempotent(_ request: RequestDescription) -> Bool {
        if request.isDeclaredIdempotent { return true }
        switch request.method {
        case .get, .head, .options, .delete, .trace: return true
        case .put, .patch: return request.headers[.ifMatch] != nil
        default: return false
        }
    }

    private static func discard(_ body: ResponseBytes?) async throws {
        try await body?.discard()
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int64 {
        let elapsed = ContinuousClock.now - start
        return elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
    }
}
