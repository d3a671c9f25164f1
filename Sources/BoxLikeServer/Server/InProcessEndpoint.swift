import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Synchronization

/// The in-process counterpart of the listener: it takes exchanges from ``InProcessTransport``
/// and serves each on a channel of its own that no socket backs, with the same responder and
/// the same HTTP handling (Hummingbird's `handleHTTP`) as the live server.
///
/// A request travels as `HTTPRequestPart`s written into an `NIOAsyncTestingChannel`, so the
/// handler gets a request body exactly like one read from a connection (which is what lets the
/// realtime poll notice the client going away), and the response comes back as the
/// `HTTPResponsePart`s the handler writes. Closing the channel is closing the connection.
final class InProcessEndpoint: Sendable {
    /// Where requests are accepted: scheme, host and port of the origin.
    let origin: Origin
    private let responder: ServerResponder
    private let logger: Logger
    private let state = Mutex(State())

    private struct State {
        var stopped = false
        var nextId = 0
        /// Exchanges whose channel is open, by id.
        var open: [Int: InProcessExchange] = [:]
        /// Exchanges whose handler is still producing the response.
        var responding: Set<Int> = []
        var idleWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiterId = 0

        mutating func takeIdleWaiters() -> [CheckedContinuation<Void, Never>] {
            let waiters = Array(idleWaiters.values)
            idleWaiters.removeAll()
            return waiters
        }
    }

    init(origin: Origin, responder: ServerResponder, logger: Logger) {
        self.origin = origin
        self.responder = responder
        self.logger = logger
    }

    /// Opens a connection and starts serving it; throws ``InProcessTransportError/serverStopped``
    /// once ``stop(gracePeriod:)`` began.
    func open() async throws -> InProcessExchange {
        let channel = NIOAsyncTestingChannel()
        let id = try state.withLock { state in
            guard !state.stopped else { throw InProcessTransportError.serverStopped }
            state.nextId += 1
            return state.nextId
        }
        let readDemand = InProcessReadDemand()
        let handler = InProcessChannelHandler(responder: makeResponder(id: id), readDemand: readDemand)
        let asyncChannel: InProcessChannelHandler.Value
        do {
            asyncChannel = try await handler.setup(channel: channel, logger: logger).get()
        } catch {
            try? await channel.close()
            throw error
        }
        let logger = logger
        // The handling cannot end before the exchange is registered: it ends when the channel
        // closes, which needs the request head (a fault) or the exchange (the client).
        let serving = Task { [weak self] in
            await handler.handle(value: asyncChannel, logger: logger)
            self?.closed(id)
        }
        let exchange = InProcessExchange(channel: channel, readDemand: readDemand, serving: serving)
        let accepted = state.withLock { state in
            guard !state.stopped else { return false }
            state.open[id] = exchange
            return true
        }
        guard accepted else {
            exchange.close()
            throw InProcessTransportError.serverStopped
        }
        return exchange
    }

    /// What the live server does with each request (Hummingbird's `Application.run`): a fresh
    /// context on the connection's channel, the router's answer (a `500` for an error nothing
    /// rendered), a `Date` header, then the response written to the connection.
    private func makeResponder(id: Int) -> HTTPChannelHandler.Responder {
        let responder = responder
        let logger = logger
        return { [weak self] request, responseWriter, channel in
            self?.began(id)
            defer { self?.ended(id) }
            let context = BoxLikeRequestContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
            var response: Response
            do {
                response = try await responder.respond(to: request, context: context)
            } catch {
                response = Response(status: .internalServerError, body: .init())
            }
            response.headers[.date] = HTTPDateFormat.string(from: Date())
            try await responseWriter.write(response: response.head, body: response.body)
        }
    }

    private func began(_ id: Int) {
        _ = state.withLock { $0.responding.insert(id) }
    }

    private func ended(_ id: Int) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.responding.remove(id)
            return state.responding.isEmpty ? state.takeIdleWaiters() : []
        }
        for waiter in waiters { waiter.resume() }
    }

    private func closed(_ id: Int) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open[id] = nil
            state.responding.remove(id)
            return state.responding.isEmpty ? state.takeIdleWaiters() : []
        }
        for waiter in waiters { waiter.resume() }
    }

    /// From now on ``open()`` throws ``InProcessTransportError/serverStopped``.
    func refuseNewExchanges() {
        state.withLock { $0.stopped = true }
    }

    /// Refuses new exchanges, lets the responses in progress finish for up to `gracePeriod`,
    /// then closes the connections of those still running and cancels their handlers.
    /// Responses already complete stay readable.
    func stop(gracePeriod: Duration) async {
        refuseNewExchanges()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitUntilIdle() }
            group.addTask { try? await Task.sleep(for: gracePeriod) }
            await group.next()
            group.cancelAll()
        }
        let running = state.withLock { state in
            state.responding.compactMap { state.open[$0] }
        }
        for exchange in running {
            exchange.abort()
        }
    }

    /// Returns once no handler is producing a response, or when the task is cancelled.
    private func waitUntilIdle() async {
        let id = state.withLock { state in
            state.nextWaiterId += 1
            return state.nextWaiterId
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.responding.isEmpty || Task.isCancelled { return true }
                    state.idleWaiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.idleWaiters.removeValue(forKey: id) }?.resume()
        }
    }

    /// Scheme, host and port of an origin, the way requests are matched against it.
    struct Origin: Sendable, Hashable, CustomStringConvertible {
        var scheme: String
        var host: String
        var port: Int

        /// Reads `http://host[:port]` or `https://host[:port]`; `nil` for anything else,
        /// including an origin with a path, query or credentials.
        init?(_ text: String) {
            guard let components = URLComponents(string: text),
                  let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  let host = components.host, !host.isEmpty,
                  components.path.isEmpty || components.path == "/",
                  components.query == nil, components.fragment == nil, components.user == nil
            else { return nil }
            self.scheme = scheme
            self.host = host.lowercased()
            self.port = components.port ?? (scheme == "https" ? 443 : 80)
        }

        /// Whether `url` is on this origin.
        func contains(_ url: URL) -> Bool {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return false }
            return scheme == self.scheme && host == self.host
                && (url.port ?? (scheme == "https" ? 443 : 80)) == port
        }

        /// `host` or `host:port` when the port is not the scheme's default.
        var authority: String {
            let name = host.contains(":") ? "[\(host)]" : host
            let defaultPort = scheme == "https" ? 443 : 80
            return port == defaultPort ? name : "\(name):\(port)"
        }

        /// `scheme://authority`.
        var description: String { "\(scheme)://\(authority)" }

        /// ``description`` as a URL.
        var url: URL {
            var components = URLComponents()
            components.scheme = scheme
            components.host = host
            components.port = port == (scheme == "https" ? 443 : 80) ? nil : port
            return components.url ?? URL(fileURLWithPath: "/")
        }
    }
}

/// Hummingbird's HTTP/1 connection handling (`handleHTTP`) over a channel whose parts are
/// already `HTTPRequestPart`s: no codec, no socket.
struct InProcessChannelHandler: HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: Responder
    /// Paces the request parts by the reads the pipeline asks for.
    let readDemand: InProcessReadDemand

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.submit { [readDemand] in
            try channel.pipeline.syncOperations.addHandler(readDemand, position: .first)
            return try Value(wrappingChannelSynchronously: channel)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: value, logger: logger)
    }
}
