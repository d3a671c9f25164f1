import Foundation

/// When and how long to wait before trying a failed request again.
///
/// Delays grow exponentially (`baseDelay * factor^(attempt-1)`) with full jitter, capped by
/// ``maxDelay``; a server's `Retry-After` (seconds or HTTP date) replaces the computed delay,
/// capped by ``maxRetryAfter``.
///
/// ```swift
/// var policy = RetryPolicy()
/// policy.maxAttempts = 3
/// policy.baseDelay = .milliseconds(200)
/// ```
public struct RetryPolicy: Sendable, Hashable {
    /// The total number of attempts, the first one included. `1` disables retries.
    public var maxAttempts: Int
    /// The delay before the first retry (before jitter).
    public var baseDelay: Duration
    /// How much each further retry multiplies the delay.
    public var factor: Double
    /// The longest computed delay.
    public var maxDelay: Duration
    /// The longest wait a server's `Retry-After` may impose.
    public var maxRetryAfter: Duration
    /// Whether to randomise delays (full jitter) so that many clients do not retry in step.
    public var jitter: Bool
    /// The statuses worth retrying.
    public var retryableStatuses: Set<Int>
    /// How many times a `202 Accepted` with `Retry-After` ("not ready yet") is waited for.
    public var maxNotReadyWaits: Int

    /// Creates a policy; the defaults suit interactive and server use alike.
    public init(
        maxAttempts: Int = 5,
        baseDelay: Duration = .milliseconds(500),
        factor: Double = 2,
        maxDelay: Duration = .seconds(30),
        maxRetryAfter: Duration = .seconds(60),
        jitter: Bool = true,
        retryableStatuses: Set<Int> = [429, 500, 502, 503, 504],
        maxNotReadyWaits: Int = 10
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.factor = factor
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.jitter = jitter
        self.retryableStatuses = retryableStatuses
        self.maxNotReadyWaits = maxNotReadyWaits
    }

    /// A policy that never retries.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The computed delay before retry number `retry` (1 for the first retry).
    public func backoffDelay(forRetry retry: Int) -> Duration {
        let exponent = Double(max(0, retry - 1))
        let base = seconds(baseDelay) * pow(factor, exponent)
        let capped = min(base, seconds(maxDelay))
        let value = jitter ? Double.random(in: 0...max(0, capped)) : capped
        return duration(seconds: value)
    }

    /// The wait a `Retry-After` value asks for, capped; `nil` when it cannot be read.
    ///
    /// - Parameters:
    ///   - value: Delta-seconds (`120`) or an HTTP date (`Wed, 21 Oct 2015 07:28:00 GMT`).
    ///   - now: The current time, for dates.
    public func retryAfterDelay(_ value: String, now: Date = Date()) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        var wait: Double?
        if let secondsValue = Int(trimmed) {
            wait = Double(max(0, secondsValue))
        } else if let date = HTTPDate.parse(trimmed) {
            wait = max(0, date.timeIntervalSince(now))
        }
        guard let wait else { return nil }
        let capped = min(wait, seconds(maxRetryAfter))
        return duration(seconds: capped)
    }

    /// `value` seconds as a duration, without trapping on NaN, negative or huge values (a
    /// policy may be configured with any duration, and servers send any number).
    private func duration(seconds value: Double) -> Duration {
        guard value.isFinite, value > 0 else { return value == .infinity ? .nanoseconds(Int64.max) : .zero }
        let nanoseconds = value * 1_000_000_000
        return nanoseconds >= Double(Int64.max) ? .nanoseconds(Int64.max) : .nanoseconds(Int64(nanoseconds))
    }

    private func seconds(_ duration: Duration) -> Double {
        let (wholeSeconds, attoseconds) = duration.components
        return Double(wholeSeconds) + Double(attoseconds) / 1e18
    }
}
