/// How long a request may take, in three limits, each reported by name when it fires
/// (``BoxNetworkError/timeout``).
///
/// ```swift
/// var session = NetworkSession(baseUrls: .singleOrigin(serverURL))
/// session.timeouts = NetworkTimeouts(connect: .seconds(5), readIdle: .seconds(30), total: .seconds(120))
/// // One call with a shorter limit:
/// let me = try await client.withTimeouts(NetworkTimeouts(total: .seconds(10))).users.getUserMe()
/// ```
///
/// The limits apply to each attempt; retries (``RetryPolicy``) make further attempts with the
/// same limits. They are enforced by the default transport (AsyncHTTPClient); a transport of
/// your own brings its own.
public struct NetworkTimeouts: Sendable, Hashable {
    /// Which limit fired.
    public enum Kind: String, Sendable, Hashable {
        /// No connection (TCP, TLS and any proxy tunnel) could be made in time; nothing was sent.
        case connect
        /// The connection stayed silent longer than ``NetworkTimeouts/readIdle``.
        case readIdle
        /// The whole attempt, response body included, took longer than ``NetworkTimeouts/total``.
        case total
    }

    /// The longest wait for a connection.
    public var connect: Duration
    /// The longest silence while waiting for (more of) a response.
    public var readIdle: Duration
    /// The longest one attempt may take, from sending to the last byte of the response.
    public var total: Duration

    /// Creates limits; the defaults suit interactive and server use, and large transfers.
    public init(connect: Duration = .seconds(10), readIdle: Duration = .seconds(60), total: Duration = .seconds(300)) {
        self.connect = connect
        self.readIdle = readIdle
        self.total = total
    }

    /// `duration` in nanoseconds, saturating instead of trapping (a limit of centuries is
    /// "no limit" in practice).
    package static func nanoseconds(_ duration: Duration) -> Int64 {
        let (wholeSeconds, attoseconds) = duration.components
        if wholeSeconds < 0 { return 0 }
        let (scaled, overflow) = wholeSeconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return Int64.max }
        let (sum, sumOverflow) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        return sumOverflow ? Int64.max : sum
    }
}
