import Synchronization

/// A count that tests can await: ``wait(untilAtLeast:)`` returns once ``increment()`` has been
/// called that many times, so a test waits for what a fake did instead of polling for it.
final class AwaitableCounter: Sendable {
    private struct State {
        var value = 0
        var waiters: [(threshold: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// The count so far.
    var value: Int { state.withLock { $0.value } }

    /// Counts one more and wakes the callers whose threshold is reached.
    func increment() {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.value += 1
            let value = state.value
            let ready = state.waiters.filter { $0.threshold <= value }.map(\.continuation)
            state.waiters.removeAll { $0.threshold <= value }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once the count is at least `threshold`.
    func wait(untilAtLeast threshold: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let reached = state.withLock { state -> Bool in
                if state.value >= threshold { return true }
                state.waiters.append((threshold, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }
}
