import Synchronization

/// Waiting for a task that others share, in a way the waiter can abandon.
///
/// `await task.value` keeps waiting when the waiting task is cancelled. A refresh is shared
/// by every caller that needs a token meanwhile, so it must carry on when one of them is
/// cancelled, but that caller should stop waiting at once, as the rest of the request
/// pipeline does.
enum CancellableWait {
    /// The value of `task`; throws `CancellationError` as soon as the calling task is
    /// cancelled, while `task` itself carries on for its other waiters.
    static func value<Value: Sendable>(of task: Task<Value, any Error>) async throws -> Value {
        let waiter = Waiter<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if waiter.install(continuation) {
                    Task { waiter.finish(with: await task.result) }
                }
            }
        } onCancel: {
            waiter.finish(with: .failure(CancellationError()))
        }
    }

    /// One waiter's continuation, resumed exactly once: by the task's result or by the
    /// waiter's cancellation, whichever comes first.
    private final class Waiter<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Value, any Error>?
            var finished = false
        }

        private let state = Mutex(State())

        /// Keeps `continuation` for ``finish(with:)``; when the waiter was cancelled before
        /// it got here, resumes it with `CancellationError` and returns `false`.
        func install(_ continuation: CheckedContinuation<Value, any Error>) -> Bool {
            let cancelledAlready = state.withLock { state -> Bool in
                if state.finished { return true }
                state.continuation = continuation
                return false
            }
            if cancelledAlready { continuation.resume(throwing: CancellationError()) }
            return !cancelledAlready
        }

        /// Resumes the waiter with `result` unless it has been resumed already.
        func finish(with result: Result<Value, any Error>) {
            let continuation = state.withLock { state -> CheckedContinuation<Value, any Error>? in
                guard !state.finished else { return nil }
                state.finished = true
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(with: result)
        }
    }
}
