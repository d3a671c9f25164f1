import Foundation

/// The server's sense of time for what expires (tokens, codes, sign-in sessions).
///
/// ```swift
/// var configuration = BoxLikeServerConfiguration()
/// configuration.clock = ServerClock { Date().addingTimeInterval(offset.seconds) }
/// ```
public struct ServerClock: Sendable {
    /// The current time.
    public var now: @Sendable () -> Date

    /// A clock telling `now`.
    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The system's time.
    public static let system = ServerClock { Date() }
}
