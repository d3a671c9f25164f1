import NIOCore
import Synchronization

/// Where a socket's reads would be: the channel handler nearest the head sees each `read`
/// the pipeline asks for and lets the in-process client deliver one more request part, so a
/// request body reaches the handler no faster than it consumes it, as over a connection.
///
/// The `NIOAsyncChannel` in the pipeline holds `read`s back while its buffer is full and lets
/// them through once the handler has caught up; after each part the client asks for the next
/// read (`Channel.read()`, as a channel reading automatically does) and waits for it here.
final class InProcessReadDemand: ChannelDuplexHandler, Sendable {
    typealias InboundIn = Any
    typealias OutboundIn = Any

    private enum State {
        case idle(granted: Bool)
        case waiting(CheckedContinuation<Void, any Error>)
        case closed
    }

    /// The first part may go at once: a fresh connection is readable.
    private let state = Mutex(State.idle(granted: true))

    func read(context: ChannelHandlerContext) {
        grant()
        context.read()
    }

    func channelInactive(context: ChannelHandlerContext) {
        close()
        context.fireChannelInactive()
    }

    /// Returns once the pipeline asked for a read since the last part; throws
    /// `ChannelError.ioOnClosedChannel` once the channel closed, `CancellationError` when the
    /// waiting task is cancelled.
    func next() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    switch state {
                    case .idle(granted: true):
                        state = .idle(granted: false)
                        return .success(())
                    case .closed:
                        return .failure(ChannelError.ioOnClosedChannel)
                    case .idle(granted: false) where Task.isCancelled:
                        return .failure(CancellationError())
                    case .idle(granted: false), .waiting:
                        state = .waiting(continuation)
                        return nil
                    }
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard case .waiting(let continuation) = state else { return nil }
                state = .idle(granted: false)
                return continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    private func grant() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            switch state {
            case .waiting(let continuation):
                state = .idle(granted: false)
                return continuation
            case .idle:
                state = .idle(granted: true)
                return nil
            case .closed:
                return nil
            }
        }
        waiter?.resume()
    }

    private func close() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            defer { state = .closed }
            guard case .waiting(let continuation) = state else { return nil }
            return continuation
        }
        waiter?.resume(throwing: ChannelError.ioOnClosedChannel)
    }
}
