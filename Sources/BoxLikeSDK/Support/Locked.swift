import Synchronization

/// A value behind a mutex that closures can share: `Mutex` itself cannot be captured.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access; `body` must not block.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { value in try body(&value) }
    }

    /// The current value.
    var value: Value { mutex.withLock { $0 } }
}
