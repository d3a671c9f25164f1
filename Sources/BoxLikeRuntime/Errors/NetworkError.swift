/// The request did not get an HTTP answer: the connection failed, timed out or broke.
public struct NetworkError: Error, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// The connection could not be made (refused, unreachable, DNS); nothing was sent.
        case connectionFailed
        /// No answer came in time.
        case timeout
        /// The connection broke while sending or receiving.
        case connectionLost
        /// The response body ended early or could not be read.
        case bodyIncomplete
        /// Anything else the transport reported.
        case other
    }

    /// What happened.
    public let kind: Kind
    /// The operation that failed.
    public let operationId: String
    /// The method of the failed request.
    public let requestMethod: String
    /// The URL of the failed request, with secret query values removed.
    public let requestUrl: String
    /// How many attempts were made.
    public let attempts: Int
    /// The transport's error, described.
    public let reason: String

    /// Creates an error.
    public init(kind: Kind, operationId: String, requestMethod: String, requestUrl: String, attempts: Int, reason: String) {
        self.kind = kind
        self.operationId = operationId
        self.requestMethod = requestMethod
        self.requestUrl = Redaction.redact(url: requestUrl)
        self.attempts = attempts
        self.reason = reason
    }

    /// One line naming the failure and the request.
    public var description: String {
        "\(operationId) failed after \(attempts) attempt(s): \(kind) (\(requestMethod) \(requestUrl)): \(reason)"
    }
}
