import Synchronization

/// A one-time signal: ``wait()`` returns once ``signal()`` has been called, at once if it
/// already was, or when the waiting task is cancelled.
final class StopSignal: Sendable {
    private struct State {
        var signalled = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextId = 0
    }

    private let state = Mutex(State())

    /// Whether ``signal()`` has been called.
    var isSignalled: Bool { state.withLock { $0.signalled } }

    /// Releases every waiter, now and later.
    func signal() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.signalled = true
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once ``signal()`` has been called or the calling task is cancelled.
    func wait() async {
        let id = state.withLock { state in
            state.nextId += 1
            return state.nextId
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let passes = state.withLock { state in
                    if state.signalled || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if passes { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
