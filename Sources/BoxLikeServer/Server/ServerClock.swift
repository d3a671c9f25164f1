import Foundation
import Synchronization

/// What "now" is for the server's rules that depend on time (a sign request's expiry, the
/// wait before a resend): the system clock, or one a test sets and moves instead of sleeping.
///
/// ```swift
/// let clock = ManualServerClock()
/// var configuration = BoxLikeServerConfiguration()
/// configuration.clock = clock.serverClock
/// clock.advance(by: 3 * 24 * 3600)      // three days pass at once
/// ```
public struct ServerClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock that answers `now()` with what `read` returns.
    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The current instant.
    public func now() -> Date { read() }

    /// The system's clock.
    public static let system = ServerClock { Date() }
}

/// A clock that stands still until it is moved, for tests and demos of time-bound rules.
public final class ManualServerClock: Sendable {
    private let current: Mutex<Date>

    /// A clock reading `start` (the present moment by default).
    public init(start: Date = Date()) {
        current = Mutex(start)
    }

    /// The instant the clock reads.
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// The clock to put in ``BoxLikeServerConfiguration/clock``.
    public var serverClock: ServerClock {
        ServerClock { [self] in self.now }
    }
}

extension ServerState {
    /// The current instant on the configured ``ServerClock``.
    var now: Date { configuration.clock.now() }
}
