import Foundation
import Synchronization

/// Where the server reads the current time for everything that depends on it (token and
/// code expiry, shared-link `unshared_at`, download tickets, upload sessions, file locks,
/// zip downloads, realtime channels, sign request expiry, retention periods and their
/// disposition, legal hold releases) and for every timestamp it records (`created_at`,
/// `modified_at`, events, webhook deliveries). The system clock by default; tests give a
/// ``ManualServerClock`` and move time instead of waiting. Only the request log and the
/// record of fired faults stamp wall time: they describe when the machine handled a request.
///
/// ```swift
/// let clock = ManualServerClock()
/// var configuration = BoxLikeServerConfiguration()
/// configuration.clock = .manual(clock)
/// // ... assign a 30-day retention policy, then:
/// await clock.advance(by: .seconds(31 * 24 * 3600))
/// ```
public struct ServerClock: Sendable {
    private let read: @Sendable () -> Date
    private let manual: ManualServerClock?

    /// The machine's clock.
    public static let system = ServerClock(read: { Date() }, manual: nil)

    /// A clock that only moves when `clock` is advanced; each advance lets the servers using
    /// it apply what became due, as their background jobs would.
    public static func manual(_ clock: ManualServerClock) -> ServerClock {
        ServerClock(read: { clock.now }, manual: clock)
    }

    /// A clock that tells the time `now` answers (an offset from the system's, say); it runs
    /// no jobs when time jumps.
    public init(now: @escaping @Sendable () -> Date) {
        self.init(read: now, manual: nil)
    }

    private init(read: @escaping @Sendable () -> Date, manual: ManualServerClock?) {
        self.read = read
        self.manual = manual
    }

    /// The current time.
    func now() -> Date { read() }

    /// Runs `job` after each advance of a manual clock, with the time before the advance,
    /// while it answers `true`; the system clock never calls it (servers run their jobs
    /// lazily then).
    func afterEachAdvance(_ job: @escaping @Sendable (_ previous: Date) async -> Bool) {
        manual?.register(job)
    }
}

/// A clock for tests: it stands still until ``advance(by:)`` moves it.
///
/// ```swift
/// let clock = ManualServerClock(now: Date(timeIntervalSince1970: 1_700_000_000))
/// await clock.advance(by: .seconds(3600))
/// ```
public final class ManualServerClock: Sendable {
    private struct Guarded {
        var now: Date
        var jobs: [@Sendable (Date) async -> Bool] = []
    }

    private let guarded: Mutex<Guarded>

    /// Creates a clock showing `now` (the machine's time by default).
    public init(now: Date = Date()) {
        guarded = Mutex(Guarded(now: now))
    }

    /// The time the clock shows.
    public var now: Date {
        guarded.withLock { $0.now }
    }

    /// Moves the clock forward by `duration`, then runs the jobs of the servers using it
    /// (a retention disposition, a legal hold release) and returns once they are done.
    public func advance(by duration: Duration) async {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let (previous, jobs) = guarded.withLock { state -> (Date, [@Sendable (Date) async -> Bool]) in
            let previous = state.now
            state.now = previous.addingTimeInterval(seconds)
            return (previous, state.jobs)
        }
        var finished = Set<Int>()
        for (index, job) in jobs.enumerated() {
            let keep = await job(previous)
            if !keep { finished.insert(index) }
        }
        guard !finished.isEmpty else { return }
        // Jobs of servers that are gone answer `false` and are dropped; jobs registered while
        // these ran come after the first `jobs.count` and are kept.
        guarded.withLock { state in
            state.jobs = state.jobs.enumerated().filter { !finished.contains($0.offset) }.map(\.element)
        }
    }

    fileprivate func register(_ job: @escaping @Sendable (Date) async -> Bool) {
        guarded.withLock { $0.jobs.append(job) }
    }
}

extension ServerState {
    /// The current time, as the configured clock shows it.
    var currentTime: Date { configuration.clock.now() }
}
