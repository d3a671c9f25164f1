import Foundation

/// The pipeline's sense of time: what time it is (for `Retry-After` dates), how much time has
/// passed (for leases such as a realtime server's `ttl`) and how to wait (between attempts).
/// Injected so that tests can run every retry and expiry rule without sleeping.
package struct ExecutorClock: Sendable {
    /// The current wall-clock time.
    package var now: @Sendable () -> Date
    /// Waits `duration`; throws `CancellationError` when the task is cancelled meanwhile.
    package var sleep: @Sendable (Duration) async throws -> Void
    /// The current monotonic instant: elapsed time is measured with it, so a wall-clock jump
    /// neither expires nor extends a lease.
    package var instant: @Sendable () -> ContinuousClock.Instant

    /// Creates a clock.
    ///
    /// - Parameters:
    ///   - now: The wall-clock time.
    ///   - sleep: How to wait.
    ///   - instant: The monotonic time; `nil` counts it from `now`, anchored when the clock is
    ///     made, so a test clock that moves `now` moves elapsed time with it.
    package init(now: @escaping @Sendable () -> Date,
                 sleep: @escaping @Sendable (Duration) async throws -> Void,
                 instant: (@Sendable () -> ContinuousClock.Instant)? = nil) {
        self.now = now
        self.sleep = sleep
        if let instant {
            self.instant = instant
        } else {
            let anchor = ContinuousClock.now
            let anchorDate = now()
            self.instant = { anchor + .seconds(now().timeIntervalSince(anchorDate)) }
        }
    }

    /// The system's time and `Task.sleep`.
    package static let system = ExecutorClock(now: { Date() }, sleep: { try await Task.sleep(for: $0) },
                                              instant: { ContinuousClock.now })
}
