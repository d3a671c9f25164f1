import Synchronization

/// A one-time signal: ``wait()`` returns once ``signal()`` has been called, at once if it
/// already was.
final class StopSignal: Sendable {
    private enum State {
        case waiting([CheckedContinuation<Void, Never>])
        case signalled
    }

    private let state = Mutex(State.waiting([]))

    /// Releases every waiter, now and later.
    func signal() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard case .waiting(let waiters) = state else { return [] }
            state = .signalled
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once ``signal()`` has been called.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let signalled = state.withLock { state -> Bool in
                guard case .waiting(var waiters) = state else { return true }
                waiters.append(continuation)
                state = .waiting(waiters)
                return false
            }
            if signalled { continuation.resume() }
        }
    }
}
