import Synchronization

/// Hands every new token to each current subscriber of a strategy's `tokenUpdates`.
typealias TokenUpdateBroadcaster = Broadcaster<AccessToken>

/// Hands every published value to each current subscriber (a strategy's `tokenUpdates` and
/// `authenticationEvents`, a credential store's `events()`).
///
/// Subscribing must work from a synchronous property getter, so the subscriber list sits
/// behind a `Mutex` rather than in an actor.
final class Broadcaster<Element: Sendable>: Sendable {
    private struct Subscribers {
        var nextId = 0
        var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
    }

    private let subscribers = Mutex(Subscribers())

    /// A new stream that receives every value published from now on. Each call returns an
    /// independent stream; it keeps the most recent values if its reader falls behind.
    func subscribe() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id = subscribers.withLock { state in
            let id = state.nextId
            state.nextId += 1
            state.continuations[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            self?.subscribers.withLock { state in
                state.continuations[id] = nil
            }
        }
        return stream
    }

    /// Sends `value` to every subscriber.
    func publish(_ value: Element) {
        let targets = subscribers.withLock { Array($0.continuations.values) }
        for continuation in targets {
            continuation.yield(value)
        }
    }

    deinit {
        let targets = subscribers.withLock { Array($0.continuations.values) }
        for continuation in targets {
            continuation.finish()
        }
    }
}
