import Foundation
import Synchronization

/// The deliveries a ``WebhookValidator`` accepted recently, so that one sent again is refused.
///
/// Share one cache between the validators of one receiver (it is thread-safe). A delivery is
/// remembered until it is older than the validator's `maximumAge` (after that the validator
/// refuses it as expired anyway), and at most ``capacity`` deliveries are remembered: past
/// that the oldest is forgotten first, so size it above the deliveries one receiver takes
/// within `maximumAge`. Receivers behind a load balancer need a store they share instead.
///
/// ```swift
/// let validator = WebhookValidator(primaryKey: primary, secondaryKey: secondary,
///                                  replayCache: WebhookReplayCache(capacity: 50_000))
/// ```
public final class WebhookReplayCache: Sendable {
    /// The most deliveries remembered.
    public let capacity: Int
    private let state = Mutex(Remembered())

    private struct Remembered {
        var fingerprints: Set<String> = []
        /// In the order they were accepted, from `start` on.
        var order: [(fingerprint: String, signedAt: Date)] = []
        var start = 0
    }

    /// Creates an empty cache.
    ///
    /// - Parameter capacity: The most deliveries remembered (at least 1).
    public init(capacity: Int = 10_000) {
        self.capacity = Swift.max(capacity, 1)
    }

    /// How many deliveries are remembered now.
    public var count: Int { state.withLock { $0.fingerprints.count } }

    /// Remembers the delivery `fingerprint`; `false` when it was remembered already.
    func admit(_ fingerprint: String, signedAt: Date, now: Date, maximumAge: TimeInterval) -> Bool {
        state.withLock { remembered in
            // Forget what is too old to be accepted again anyway.
            while remembered.start < remembered.order.count,
                  now.timeIntervalSince(remembered.order[remembered.start].signedAt) > maximumAge {
                remembered.fingerprints.remove(remembered.order[remembered.start].fingerprint)
                remembered.start += 1
            }
            guard remembered.fingerprints.insert(fingerprint).inserted else { return false }
            remembered.order.append((fingerprint, signedAt))
            if remembered.fingerprints.count > capacity {
                remembered.fingerprints.remove(remembered.order[remembered.start].fingerprint)
                remembered.start += 1
            }
            if remembered.start > capacity {
                remembered.order.removeFirst(remembered.start)
                remembered.start = 0
            }
            return true
        }
    }
}
