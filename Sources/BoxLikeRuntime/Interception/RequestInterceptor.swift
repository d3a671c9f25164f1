import Foundation
import HTTPTypes

/// One attempt of a request, as an interceptor sees it before it is sent: it may change the
/// headers and the URL.
public struct InterceptedRequest: Sendable {
    /// The operation (`getUserMe`, or the raw call's name).
    public let operationId: String
    /// The HTTP method.
    public let method: HTTPRequest.Method
    /// The attempt's number, 1 for the first.
    public let attempt: Int
    /// Where the attempt goes; an interceptor may send it elsewhere (`http` or `https` only).
    public var url: URL
    /// The headers, credentials included; an interceptor may add, change or remove any.
    public var headerFields: HTTPFields

    /// Creates a request view (tests of interceptors).
    public init(operationId: String, method: HTTPRequest.Method, attempt: Int, url: URL, headerFields: HTTPFields) {
        self.operationId = operationId
        self.method = method
        self.attempt = attempt
        self.url = url
        self.headerFields = headerFields
    }
}

/// One response, as interceptors observe it.
public struct InterceptedResponse: Sendable {
    /// The operation.
    public let operationId: String
    /// The HTTP method.
    public let method: HTTPRequest.Method
    /// The attempt's number, 1 for the first.
    public let attempt: Int
    /// The URL the attempt went to, with secret query values removed.
    public let url: String
    /// The status.
    public let status: Int
    /// The response headers.
    public let headerFields: HTTPFields
    /// From sending the attempt to receiving the response head.
    public let duration: Duration

    /// Creates a response view (tests of interceptors).
    public init(operationId: String, method: HTTPRequest.Method, attempt: Int, url: String, status: Int,
                headerFields: HTTPFields, duration: Duration) {
        self.operationId = operationId
        self.method = method
        self.attempt = attempt
        self.url = url
        self.status = status
        self.headerFields = headerFields
        self.duration = duration
    }
}

/// An attempt that got no HTTP answer, as interceptors see it: the connection failed, timed
/// out or broke, TLS failed, or a proxy refused.
public struct InterceptedFailure: Sendable {
    /// The operation.
    public let operationId: String
    /// The HTTP method.
    public let method: HTTPRequest.Method
    /// The attempt's number, 1 for the first.
    public let attempt: Int
    /// The URL the attempt went to, with secret query values removed.
    public let url: String
    /// What went wrong, typed as the caller would get it (``BoxNetworkError/attempts`` counts
    /// the attempts so far).
    public let error: BoxNetworkError
    /// Whether the call tries again after this attempt; when `false`, `error` is thrown.
    public let willRetry: Bool
    /// From sending the attempt to the failure.
    public let duration: Duration

    /// Creates a failure view (tests of interceptors).
    public init(operationId: String, method: HTTPRequest.Method, attempt: Int, url: String, error: BoxNetworkError,
                willRetry: Bool, duration: Duration) {
        self.operationId = operationId
        self.method = method
        self.attempt = attempt
        self.url = url
        self.error = error
        self.willRetry = willRetry
        self.duration = duration
    }
}

/// Code that runs around every attempt of every request a session sends: add or change
/// headers, send to another URL, observe statuses and timings.
///
/// Interceptors run in the order of ``NetworkSession``'s `interceptors`, before each attempt
/// (retries and replays with a refreshed token included, after the credentials were added)
/// and after each response (error statuses included). Retries, authentication, errors,
/// logging, metrics and tracing work as without them. An interceptor that throws ends the
/// call with an ``BoxSDKError`` of kind ``BoxSDKError/Kind/interceptor``; nothing is sent.
///
/// ```swift
/// struct Correlation: RequestInterceptor {
///     func willSend(_ request: inout InterceptedRequest) async throws {
///         request.headerFields[HTTPField.Name("X-Correlation-Id")!] = UUID().uuidString
///     }
///     func didReceive(_ response: InterceptedResponse) async {
///         print(response.operationId, response.status, response.duration)
///     }
/// }
/// var session = NetworkSession()
/// session.interceptors = [Correlation()]
/// ```
public protocol RequestInterceptor: Sendable {
    /// Called before each attempt; may change the headers and the URL, or throw to stop the call.
    func willSend(_ request: inout InterceptedRequest) async throws
    /// Called after each response head arrives.
    func didReceive(_ response: InterceptedResponse) async
    /// Called after each attempt that got no response head (see ``InterceptedFailure``),
    /// before the call retries or throws.
    func didFail(_ failure: InterceptedFailure) async
}

extension RequestInterceptor {
    /// Leaves the request as it is.
    public func willSend(_ request: inout InterceptedRequest) async throws {}
    /// Observes nothing.
    public func didReceive(_ response: InterceptedResponse) async {}
    /// Observes nothing.
    public func didFail(_ failure: InterceptedFailure) async {}
}

/// An interceptor's error, kept for ``BoxSDKError/underlying`` as a description (an
/// interceptor's error need not be `Sendable`).
struct RedactedInterceptorError: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ error: any Error) {
        description = Redaction.redact(body: String(describing: error))
    }
}
