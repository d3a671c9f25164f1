import Synchronization

/// Hands every new token to each current subscriber of a strategy's `tokenUpdates`.
///
/// Subscribing must work from a synchronous property getter, so the subscriber list sits
/// behind a `Mutex` rather than in an actor.
final class TokenUpdateBroadcaster: Sendable {
    private struct Subscribers {
        var nextId = 0
        var continuations: [Int: AsyncStream<AccessToken>.Continuation] = [:]
    }

    private let subscribers = Mutex(Subscribers())

    /// A new stream that receives every token published from now on. Each call returns an
    /// independent stream; it keeps the most recent tokens if its reader falls behind.
    func subscribe() -> AsyncStream<AccessToken> {
        let (stream, continuation) = AsyncStream<AccessToken>.makeStream(bufferingPolicy: .bufferingNewest(16))
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

    /// Sends `token` to every subscriber.
    func publish(_ token: AccessToken) {
        let targets = subscribers.withLock { Array($0.continuations.values) }
        for continuation in targets {
            continuation.yield(token)
        }
    }

    deinit {
        let targets = subscribers.withLock { Array($0.continuations.values) }
        for continuation in targets {
            continuation.finish()
        }
    }
}
