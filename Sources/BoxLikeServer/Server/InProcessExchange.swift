import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import OpenAPIRuntime
import Synchronization

/// One request and its response over an ``InProcessEndpoint`` connection, seen from the
/// client: it writes the request's parts into the channel and reads the response's parts out.
final class InProcessExchange: Sendable {
    private let channel: NIOAsyncTestingChannel
    /// When the next request part may be delivered.
    private let readDemand: InProcessReadDemand
    /// The server side: Hummingbird's connection handling, which ends when the channel closes.
    private let serving: Task<Void, Never>
    /// The task streaming the request body in, cancelled when the exchange closes.
    private let sending = Mutex<Task<Void, Never>?>(nil)
    /// Whether the response's `end` was read.
    private let complete = Mutex(false)
    /// Whether the request's `end` reached the server.
    private let requestDelivered = Mutex(false)

    init(channel: NIOAsyncTestingChannel, readDemand: InProcessReadDemand, serving: Task<Void, Never>) {
        self.channel = channel
        self.readDemand = readDemand
        self.serving = serving
    }

    /// Writes the request head, then streams `body` (if any) and the end in a task of its own,
    /// so the server can answer before it has read the whole body, as it can on a socket. Each
    /// part waits for the server to ask for it, so the body arrives as fast as the handler
    /// reads it and no faster. A body that fails mid-way reaches the server as an error on its
    /// request body followed by the connection closing.
    func send(_ head: HTTPRequest, body: HTTPBody?) async throws {
        try await deliver(.head(head))
        let task = Task {
            do {
                if let body {
                    for try await chunk in body where !chunk.isEmpty {
                        try await deliver(.body(ByteBuffer(bytes: chunk)))
                    }
                }
                try await deliver(.end(nil))
                requestDelivered.withLock { $0 = true }
            } catch {
                channel.pipeline.fireErrorCaught(error)
                channel.close(promise: nil)
            }
        }
        sending.withLock { $0 = task }
    }

    /// Hands one request part to the server once it asked for one, then asks for the next
    /// read, as a channel that reads automatically does.
    private func deliver(_ part: HTTPRequestPart) async throws {
        try await readDemand.next()
        try await channel.writeInbound(part)
        channel.read()
    }

    /// The response head (informational `1xx` heads are skipped). A connection closed before
    /// it throws ``InProcessTransportError/connectionClosed``; cancelling the calling task
    /// closes the connection, as a client giving up does.
    func responseHead() async throws -> HTTPResponse {
        while true {
            switch try await nextPart() {
            case .head(let head) where head.status.kind == .informational:
                continue
            case .head(let head):
                return head
            case .body, .end:
                throw InProcessTransportError.connectionClosed
            }
        }
    }

    /// The next piece of the response body; `nil` after the end, which also closes the
    /// connection (the client is done with it).
    func nextBodyChunk() async throws -> ByteBuffer? {
        guard !complete.withLock({ $0 }) else { return nil }
        while true {
            switch try await nextPart() {
            case .body(let buffer):
                guard buffer.readableBytes > 0 else { continue }
                return buffer
            case .end:
                complete.withLock { $0 = true }
                close()
                return nil
            case .head:
                throw InProcessTransportError.connectionClosed
            }
        }
    }

    private func nextPart() async throws -> HTTPResponsePart {
        do {
            return try await withTaskCancellationHandler {
                try await channel.waitForOutboundWrite(as: HTTPResponsePart.self)
            } onCancel: {
                close()
            }
        } catch ChannelError.ioOnClosedChannel {
            try Task.checkCancellation()
            throw InProcessTransportError.connectionClosed
        }
    }

    /// Closes the connection: the client is done (or gone). Parts already written stay readable.
    ///
    /// A connection closed before the request's end reached the server is, as for an HTTP/1
    /// decoder meeting the end of its connection mid-request, an error on the request's parts,
    /// not a quiet end: handlers reading the body (or watching for the client leaving, as
    /// the realtime poll does) must not take a cut-off request for a whole one.
    func close() {
        sending.withLock { $0 }?.cancel()
        if !requestDelivered.withLock({ $0 }) {
            channel.pipeline.fireErrorCaught(InProcessTransportError.connectionClosed)
        }
        channel.close(promise: nil)
    }

    /// Closes the connection and cancels the server's handling of it (a server shutting down).
    func abort() {
        close()
        serving.cancel()
    }
}

/// The body of an in-process response: the response's body parts, read as the consumer asks
/// for them. Dropping it unread closes the connection, as a client that stops reading does.
struct InProcessResponseBody: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    /// Closes the exchange when the last reference to the body goes.
    final class Lease: Sendable {
        let exchange: InProcessExchange

        init(_ exchange: InProcessExchange) {
            self.exchange = exchange
        }

        deinit {
            exchange.close()
        }
    }

    let lease: Lease

    struct AsyncIterator: AsyncIteratorProtocol {
        let lease: Lease

        mutating func next() async throws -> ArraySlice<UInt8>? {
            guard let buffer = try await lease.exchange.nextBodyChunk() else { return nil }
            return ArraySlice(buffer.readableBytesView)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(lease: lease)
    }
}
