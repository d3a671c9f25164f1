import Foundation
import HTTPTypes
import NIOCore
import OpenAPIRuntime

/// Sends through `base` (an AsyncHTTPClient transport), handing it a request body's next
/// chunk only once the event loops have carried out the writes already handed over.
///
/// AsyncHTTPClient stops pulling a streamed request body when the connection is not
/// writable, but it learns that on the connection's event loop, while the body is pulled on
/// another thread: a producer that reads faster than the loop writes (a file from the page
/// cache, on a busy machine) queues chunk after chunk onto the loop before the pause
/// arrives, and a 1 GiB upload measured 100–160 MiB resident. Waiting for each loop to run a
/// no-op before the next chunk (the loops run their tasks in order) bounds what is queued
/// to about one chunk, and the connection's own write buffer limit does the rest.
struct EventLoopPacedTransport: ResponseBytesTransport {
    let base: any ClientTransport
    /// `base` when it hands over response bodies as received, found out once.
    private let bytesBase: (any ResponseBytesTransport)?
    let eventLoops: [any EventLoop]

    init(base: any ClientTransport, eventLoopGroup: any EventLoopGroup) {
        self.base = base
        self.bytesBase = base as? any ResponseBytesTransport
        var loops: [any EventLoop] = []
        for loop in eventLoopGroup.makeIterator() { loops.append(loop) }
        self.eventLoops = loops
    }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL,
              operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        try await base.send(request, body: paced(body), baseURL: baseURL, operationID: operationID)
    }

    func sendReturningBytes(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL,
                            operationID: String) async throws -> (HTTPResponse, ResponseBytes?) {
        if let bytesBase {
            return try await bytesBase.sendReturningBytes(request, body: paced(body), baseURL: baseURL,
                                                          operationID: operationID)
        }
        return try await base.sendWrappingBody(request, body: paced(body), baseURL: baseURL, operationID: operationID)
    }

    private func paced(_ body: HTTPBody?) -> HTTPBody? {
        guard let body else { return nil }
        return HTTPBody(PacedChunks(base: body, eventLoops: eventLoops), length: body.length,
                        iterationBehavior: body.iterationBehavior)
    }
}

/// A body's chunks, each after the event loops have drained what came before.
struct PacedChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    let base: HTTPBody
    let eventLoops: [any EventLoop]

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), eventLoops: eventLoops)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: HTTPBody.AsyncIterator
        let eventLoops: [any EventLoop]
        var handedOver = false

        mutating func next() async throws -> ArraySlice<UInt8>? {
            if handedOver {
                for loop in eventLoops {
                    try await loop.submit {}.get()
                }
            }
            handedOver = true
            return try await base.next()
        }
    }
}
