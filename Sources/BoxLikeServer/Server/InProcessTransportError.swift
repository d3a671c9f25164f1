/// Why an ``InProcessTransport`` could not complete a request: what a socket transport would
/// report as a refused, lost or misdirected connection.
///
/// ```swift
/// do {
///     _ = try await transport.send(request, body: nil, baseURL: url, operationID: "getUsersMe")
/// } catch let error as InProcessTransportError where error == .connectionClosed {
///     // the server dropped the exchange (an injected connection reset, a truncated body)
/// }
/// ```
public struct InProcessTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Sendable, Hashable {
        case connectionClosed
        case serverStopped
        case foreignOrigin
    }

    private let code: Code
    /// What happened, in words a log reader (or a classifier that reads them) understands.
    public let description: String

    private init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }

    /// The server closed the connection before the response was complete, as a connection
    /// reset or a truncated body does on a socket.
    public static let connectionClosed = InProcessTransportError(
        .connectionClosed, "connection closed: the in-process server closed the connection before the response was complete")

    /// The server has been stopped: as a refused connection, nothing reached it.
    public static let serverStopped = InProcessTransportError(
        .serverStopped, "connection refused: the in-process server has stopped")

    /// The request was for another origin than the server's: an in-process transport reaches
    /// only its own server, so a test can never talk to a real host by mistake.
    public static func foreignOrigin(_ url: String, expected: String) -> InProcessTransportError {
        InProcessTransportError(.foreignOrigin, "misdirected request: \(url) is not on the in-process server's origin \(expected)")
    }

    /// Errors are equal when they are of the same kind, whatever their words.
    public static func == (lhs: InProcessTransportError, rhs: InProcessTransportError) -> Bool {
        lhs.code == rhs.code
    }

    /// Hashes the kind.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
    }
}
