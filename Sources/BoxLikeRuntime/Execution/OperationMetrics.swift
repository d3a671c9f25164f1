import Metrics
import Synchronization

/// The counters and timers of one pipeline, made once per operation (and status) and then
/// reused: making a metric handle asks the factory under its lock, too much for every call.
final class OperationMetrics: Sendable {
    /// The status recorded for a cancelled call.
    static let cancelled = -1
    /// The status recorded for a call that failed without a response.
    static let failed = -2

    private struct CounterKey: Hashable {
        var operation: String
        var status: Int
    }

    private struct Handles {
        var counters: [CounterKey: Counter] = [:]
        var timers: [String: Timer] = [:]
    }

    private let prefix: String
    private let factory: (any MetricsFactory)?
    private let handles = Mutex(Handles())

    init(prefix: String, factory: (any MetricsFactory)?) {
        self.prefix = prefix
        self.factory = factory
    }

    /// Counts one finished call of `operation` and records how long it took. `status` is
    /// the HTTP status, or ``cancelled`` / ``failed``.
    func record(operation: String, status: Int, duration: Duration) {
        let (counter, timer) = handles.withLock { handles in
            let key = CounterKey(operation: operation, status: status)
            if let counter = handles.counters[key], let timer = handles.timers[operation] {
                return (counter, timer)
            }
            // First call of this operation (or status): make what is missing and keep it.
            let counter = handles.counters[key] ?? makeCounter(key)
            let timer = handles.timers[operation] ?? makeTimer(operation)
            handles.counters[key] = counter
            handles.timers[operation] = timer
            return (counter, timer)
        }
        counter.increment()
        timer.recordNanoseconds(duration.components.seconds * 1_000_000_000
            + duration.components.attoseconds / 1_000_000_000)
    }

    private func makeCounter(_ key: CounterKey) -> Counter {
        let label = "\(prefix)_requests_total"
        let status = switch key.status {
        case Self.cancelled: "cancelled"
        case Self.failed: "error"
        default: String(key.status)
        }
        let dimensions = [("operation", key.operation), ("status", status)]
        if let factory { return Counter(label: label, dimensions: dimensions, factory: factory) }
        return Counter(label: label, dimensions: dimensions)
    }

    private func makeTimer(_ operation: String) -> Timer {
        let label = "\(prefix)_request_duration_seconds"
        let dimensions = [("operation", operation)]
        if let factory { return Timer(label: label, dimensions: dimensions, factory: factory) }
        return Timer(label: label, dimensions: dimensions)
    }
}
