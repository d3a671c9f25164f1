import Foundation

/// The pipeline's sense of time: what time it is (for `Retry-After` dates) and how to wait
/// (between attempts). Injected so that tests can run every retry rule without sleeping.
package struct ExecutorClock: Sendable {
    /// The current wall-clock time.
    package var now: @Sendable () -> Date
    /// Waits `duration`; throws `CancellationError` when the task is cancelled meanwhile.
    package var sleep: @Sendable (Duration) async throws -> Void

    /// Creates a clock.
    package init(now: @escaping @Sendable () -> Date,
                 sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The system's time and `Task.sleep`.
    package static let system = ExecutorClock(now: { Date() }, sleep: { try await Task.sleep(for: $0) })
}
