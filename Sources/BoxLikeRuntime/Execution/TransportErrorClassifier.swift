import Foundation

/// Sorts transport errors into the few kinds the retry rules care about, whichever
/// transport raised them.
enum TransportErrorClassifier {
    static func classify(_ error: any Error) -> NetworkError.Kind {
        let text = String(reflecting: error).lowercased()
        if text.contains("connection refused") || text.contains("econnrefused") || text.contains("connectionrefused")
            || text.contains("cannotconnecttohost") || text.contains("cannotfindhost")
            || text.contains("connecttimeout") || text.contains("dnsfailed") || text.contains("networkunreachable") {
            return .connectionFailed
        }
        if text.contains("timeout") || text.contains("timedout") || text.contains("deadline") {
            return .timeout
        }
        if text.contains("remoteconnectionclosed") || text.contains("connection reset") || text.contains("econnreset")
            || text.contains("networkconnectionlost") || text.contains("eof") || text.contains("closed") {
            return .connectionLost
        }
        return .other
    }

    /// A description of a transport error that contains no request data.
    static func describe(_ error: any Error) -> String {
        Redaction.redact(body: String(describing: error))
    }
}
