/// The request did not get an HTTP answer: the connection failed, timed out or broke, TLS
/// failed, or a proxy refused.
public struct BoxNetworkError: Error, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// The connection could not be made (refused, unreachable, DNS); nothing was sent.
        case connectionFailed
        /// No answer came in time; ``BoxNetworkError/timeout`` names the limit that fired.
        case timeout
        /// The connection broke while sending or receiving.
        case connectionLost
        /// The response body ended early or could not be read.
        case bodyIncomplete
        /// The TLS handshake failed; ``BoxNetworkError/tlsFailure`` says why. Never retried: the
        /// same certificate fails the same way again.
        case tls
        /// The HTTP proxy could not be reached, refused the credentials or refused the tunnel;
        /// ``BoxNetworkError/proxyFailure`` says which. Never retried.
        case proxy
        /// Anything else the transport reported.
        case other
    }

    /// Why a TLS handshake failed.
    public enum TLSFailure: String, Sendable, Hashable {
        /// The server's certificate does not chain to a trusted authority (add it with
        /// ``TLSOptions/additionalTrustRoots``), or has expired.
        case certificateUntrusted
        /// The certificate is trusted but not issued for the host in the URL.
        case hostnameMismatch
        /// The handshake failed otherwise (no common version or cipher, a refused client
        /// certificate, a peer that does not speak TLS).
        case handshakeFailed
    }

    /// Why a proxy failed.
    public enum ProxyFailure: String, Sendable, Hashable {
        /// No connection to the proxy could be made.
        case unreachable
        /// The proxy answered `407 Proxy Authentication Required`: missing or wrong credentials.
        case authenticationRequired
        /// The proxy refused to open a `CONNECT` tunnel to the server.
        case tunnelRefused
    }

    /// What happened.
    public let kind: Kind
    /// For ``Kind/timeout``: which limit fired (``NetworkTimeouts``), when known.
    public let timeout: NetworkTimeouts.Kind?
    /// For ``Kind/tls``: why the handshake failed.
    public let tlsFailure: TLSFailure?
    /// For ``Kind/proxy``: how the proxy failed.
    public let proxyFailure: ProxyFailure?
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
    public init(kind: Kind, operationId: String, requestMethod: String, requestUrl: String, attempts: Int, reason: String,
                timeout: NetworkTimeouts.Kind? = nil, tlsFailure: TLSFailure? = nil, proxyFailure: ProxyFailure? = nil) {
        self.kind = kind
        self.timeout = timeout
        self.tlsFailure = tlsFailure
        self.proxyFailure = proxyFailure
        self.operationId = operationId
        self.requestMethod = requestMethod
        self.requestUrl = Redaction.redact(url: requestUrl)
        self.attempts = attempts
        self.reason = reason
    }

    /// One line naming the failure and the request.
    public var description: String {
        var what = "\(kind)"
        if let timeout { what += " (\(timeout.rawValue))" }
        if let tlsFailure { what += " (\(tlsFailure.rawValue))" }
        if let proxyFailure { what += " (\(proxyFailure.rawValue))" }
        return "\(operationId) failed after \(attempts) attempt(s): \(what) (\(requestMethod) \(requestUrl)): \(reason)"
    }
}

/// The name the package's own code (generated managers among it) may still use; apps see
/// only ``BoxNetworkError``.
package typealias NetworkError = BoxNetworkError
