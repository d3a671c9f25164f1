import Foundation
import HTTPTypes

/// One attempt of a request, as an interceptor sees it before it is sent: it may change the
/// headers and the URL.
///
/// Its `description`, `debugDescription` and `dump` show the headers with credentials
/// replaced by `<redacted>` and the URL without secret query values, so an interceptor may
/// log it as it is.
public struct InterceptedRequest: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
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

    /// `InterceptedRequest(operationId: ..., url: ..., headerFields: [...])`, secrets redacted.
    public var description: String { RedactedDescription.describe(self) }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// The request's parts with secrets redacted, for `dump` and debuggers.
    public var customMirror: Mirror {
        let headers = Redaction.redact(headerFields).map { "\($0.name): \($0.value)" }
        return Mirror(self, children: [
            "operationId": operationId, "method": method.rawValue, "attempt": attempt,
            "url": Redaction.redact(url: url.absoluteString), "headerFields": headers,
        ], displayStyle: .struct)
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
/// Credentials stay with the API's hosts, as on a redirect: when the interceptors send an
/// attempt to another origin (scheme, host or port), the `Authorization` header the SDK added
/// and the session's additional headers are removed (values an interceptor set itself are
/// kept), and a move from `https` to `http` is refused. Requests to the OAuth token
/// endpoints, whose bodies carry client secrets, refresh tokens and assertions, are seen
/// only by interceptors whose ``interceptsTokenRequests`` is `true`.
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
    /// Whether this interceptor also runs around requests to the OAuth token endpoints
    /// (`/oauth2/token`, `/oauth2/revoke`); `false` unless an interceptor says otherwise.
    var interceptsTokenRequests: Bool { get }
}

extension RequestInterceptor {
    /// Token-endpoint requests are not seen.
    public var interceptsTokenRequests: Bool { false }
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
