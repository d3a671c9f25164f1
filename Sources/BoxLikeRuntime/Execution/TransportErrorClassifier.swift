import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL

/// Sorts transport errors into the few kinds the retry rules care about, whichever
/// transport raised them: AsyncHTTPClient's, NIO's and NIOSSL's errors by their values, other
/// transports' (URLSession) by the words of their reflection.
enum TransportErrorClassifier {
    /// A transport error, sorted.
    struct Failure: Sendable, Equatable {
        var kind: BoxNetworkError.Kind
        var timeout: NetworkTimeouts.Kind? = nil
        var tls: BoxNetworkError.TLSFailure? = nil
        var proxy: BoxNetworkError.ProxyFailure? = nil
    }

    static func classify(_ error: any Error) -> Failure {
        if error is ProxyUnreachable { return Failure(kind: .proxy, proxy: .unreachable) }
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout: return Failure(kind: .timeout, timeout: .connect)
            case .readTimeout: return Failure(kind: .timeout, timeout: .readIdle)
            case .deadlineExceeded: return Failure(kind: .timeout, timeout: .total)
            case .proxyAuthenticationRequired: return Failure(kind: .proxy, proxy: .authenticationRequired)
            case .invalidProxyResponse: return Failure(kind: .proxy, proxy: .tunnelRefused)
            default: break
            }
        }
        if let error = error as? ChannelError {
            switch error {
            case .connectTimeout: return Failure(kind: .timeout, timeout: .connect)
            case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed:
                return Failure(kind: .connectionLost)
            default: break
            }
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED, ENETUNREACH, EHOSTUNREACH: return Failure(kind: .connectionFailed)
            case ECONNRESET, EPIPE, ECONNABORTED: return Failure(kind: .connectionLost)
            default: break
            }
        }
        if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname {
            return Failure(kind: .tls, tls: .hostnameMismatch)
        }
        let text = String(reflecting: error).lowercased()
        if error is NIOSSLError || error is BoringSSLError || text.contains("niossl") || text.contains("sslerror")
            || text.contains("servercertificate") || text.contains("secureconnectionfailed") {
            if text.contains("failedtovalidatehostname") || text.contains("hostname mismatch")
                || text.contains("servercertificatehasbadhostname") {
                return Failure(kind: .tls, tls: .hostnameMismatch)
            }
            if text.contains("certificate_verify_failed") || text.contains("servercertificateuntrusted")
                || text.contains("servercertificatehasunknownroot") || text.contains("certificate verify failed") {
                return Failure(kind: .tls, tls: .certificateUntrusted)
            }
            return Failure(kind: .tls, tls: .handshakeFailed)
        }
        if text.contains("connection refused") || text.contains("econnrefused") || text.contains("connectionrefused")
            || text.contains("cannotconnecttohost") || text.contains("cannotfindhost")
            || text.contains("dnsfailed") || text.contains("networkunreachable") || text.contains("network is unreachable")
            || text.contains("no route to host") {
            return Failure(kind: .connectionFailed)
        }
        if text.contains("connecttimeout") {
            return Failure(kind: .timeout, timeout: .connect)
        }
        if text.contains("timeout") || text.contains("timedout") || text.contains("deadline") {
            return Failure(kind: .timeout)
        }
        if text.contains("remoteconnectionclosed") || text.contains("connection reset") || text.contains("econnreset")
            || text.contains("networkconnectionlost") || text.contains("broken pipe") || text.contains("eof")
            || text.contains("closed") {
            return Failure(kind: .connectionLost)
        }
        return Failure(kind: .other)
    }

    /// A description of a transport error that contains no request data.
    static func describe(_ error: any Error) -> String {
        Redaction.redact(body: String(describing: error))
    }
}
