import Synchronization
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A one-shot HTTP listener on `127.0.0.1` (and `::1` for a `localhost` redirect) that
/// receives the browser's redirect at the end of an authorization-code sign-in (RFC 8252 §7.3).
///
/// It answers only `GET` on its redirect path (everything else gets 404/405 and is ignored),
/// checks `state`, answers the browser with a short page and hands the outcome to
/// ``waitForCode(timeout:)``. ``close()`` must be called in every case; it is idempotent.
final class LoopbackRedirectListener: Sendable {
    /// The port actually bound (the ephemeral one when 0 was asked for).
    let port: Int
    /// The path the redirect is expected on.
    let path: String
    /// The listening sockets: `127.0.0.1`, then `::1` when it was bound too.
    private let channels: [any Channel]
    private let outcomes: AsyncStream<RedirectOutcome>

    private let connections: OpenConnections

    private init(port: Int, path: String, channels: [any Channel], outcomes: AsyncStream<RedirectOutcome>,
                 connections: OpenConnections) {
        self.connections = connections
        self.port = port
        self.path = path
        self.channels = channels
        self.outcomes = outcomes
    }

    /// Binds `127.0.0.1:<port>` (0 for an ephemeral port) and starts answering.
    ///
    /// With `alsoIPv6` (a redirect URI naming `localhost`, which a browser may resolve to
    /// either address, RFC 8252 §8.3) it also binds `[::1]` on the same port. When the
    /// machine has no IPv6 loopback the browser cannot reach `::1` either, so IPv4 alone is
    /// kept; when something else already holds `[::1]:<port>` the flow is refused, because
    /// that process would receive the authorization code.
    ///
    /// - Throws: ``OAuthLoginError/listenerFailed(reason:)`` when a port cannot be bound.
    static func start(port: Int, path: String, expectedState: String,
                      alsoIPv6: Bool = false) async throws -> LoopbackRedirectListener {
        let (outcomes, continuation) = AsyncStream<RedirectOutcome>.makeStream(bufferingPolicy: .bufferingOldest(1))
        let route = RedirectRoute(path: path, expectedState: expectedState) { outcome in
            continuation.yield(outcome)
        }
        let connections = OpenConnections()
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.backlog, value: 16)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                connections.add(channel)
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(RedirectRequestHandler(route: route))
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(host: "127.0.0.1", port: port).get()
        } catch {
            continuation.finish()
            throw OAuthLoginError.listenerFailed(reason: String(describing: error))
        }
        guard let boundPort = channel.localAddress?.port else {
            try? await channel.close().get()
            continuation.finish()
            throw OAuthLoginError.listenerFailed(reason: "the listening socket has no port")
        }
        var channels = [channel]
        if alsoIPv6 {
            do {
                channels.append(try await bootstrap.bind(host: "::1", port: boundPort).get())
            } catch let error as IOError where [EADDRNOTAVAIL, EAFNOSUPPORT].contains(error.errnoCode) {
                // No IPv6 loopback on this machine: `localhost` can only mean 127.0.0.1.
            } catch {
                try? await channel.close().get()
                continuation.finish()
                throw OAuthLoginError.listenerFailed(reason: "[::1]:\(boundPort) cannot be bound: \(error)")
            }
        }
        // The outcomes end when the IPv4 socket, which every flow has, closes.
        channel.closeFuture.whenComplete { _ in continuation.finish() }
        return LoopbackRedirectListener(port: boundPort, path: path, channels: channels, outcomes: outcomes,
                                        connections: connections)
    }

    /// Waits for the first redirect that ends the flow and returns its authorization code.
    ///
    /// - Throws: ``OAuthLoginError`` — `stateMismatch`, `accessDenied`, `oauthError`,
    ///   `timeout`, or `cancelled` when the calling task is cancelled.
    func waitForCode(timeout: Duration) async throws -> String {
        let outcomes = outcomes
        do {
            return try await withThrowingTaskGroup(of: String.self) { group in
                group.addTask {
                    for await outcome in outcomes {
                        switch outcome {
                        case .code(let code): return code
                        case .failure(let error): throw error
                        }
                    }
                    // The stream ends when the listener closes or the wait is cancelled.
                    throw OAuthLoginError.cancelled
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw OAuthLoginError.timeout
                }
                defer { group.cancelAll() }
                guard let code = try await group.next() else { throw OAuthLoginError.cancelled }
                return code
            }
        } catch let error as OAuthLoginError {
            throw Task.isCancelled ? OAuthLoginError.cancelled : error
        } catch {
            throw OAuthLoginError.cancelled
        }
    }

    /// Stops listening, closes the browser's connections (a kept-alive connection would
    /// otherwise hold the port) and frees the port.
    func close() async {
        for channel in channels.reversed() {
            try? await channel.close().get()
        }
        for connection in connections.all() {
            try? await connection.close().get()
        }
    }
}

/// The connections a listener accepted and that are still open.
final class OpenConnections: Sendable {
    private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

    func add(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        channels.withLock { $0[key] = channel }
        channel.closeFuture.whenComplete { [weak self] _ in
            _ = self?.channels.withLock { $0.removeValue(forKey: key) }
        }
    }

    func all() -> [any Channel] {
        channels.withLock { Array($0.values) }
    }
}

/// What a redirect to the loopback listener meant.
enum RedirectOutcome: Sendable {
    case code(String)
    case failure(OAuthLoginError)
}

/// Decides what each request to the listener means and what the browser is told.
struct RedirectRoute: Sendable {
    let path: String
    let expectedState: String
    let deliver: @Sendable (RedirectOutcome) -> Void

    /// The answer to one request: its status, page and, for a redirect that ends the flow,
    /// the outcome.
    struct Reply {
        var status: HTTPResponseStatus
        var title: String
        var message: String
        var outcome: RedirectOutcome?
    }

    func reply(method: HTTPMethod, uri: String) -> Reply {
        let (requestPath, query) = Self.split(uri)
        guard requestPath == path else {
            return Reply(status: .notFound, title: "Not found", message: "Nothing here.", outcome: nil)
        }
        guard method == .GET else {
            return Reply(status: .methodNotAllowed, title: "Not allowed", message: "Only GET is answered here.", outcome: nil)
        }
        let parameters = Self.parameters(query)
        // Any web page or local process can send a request here; one without the state this
        // flow sent is refused and the flow keeps waiting for the real redirect (RFC 8252 §8.9),
        // so a forged callback can neither sign the user in as someone else nor abort the flow.
        guard let state = parameters["state"], Self.constantTimeEquals(state, expectedState) else {
            return Reply(status: .badRequest, title: "Sign-in rejected",
                         message: "This sign-in response does not belong to the request that started it.",
                         outcome: nil)
        }
        if let error = parameters["error"] {
            let description = parameters["error_description"]
            let outcome: OAuthLoginError = error == "access_denied"
                ? .accessDenied(description: description)
                : .oauthError(code: error, description: description)
            return Reply(status: .ok, title: "Sign-in failed",
                         message: "The sign-in did not complete: \(description ?? error). You can close this window.",
                         outcome: .failure(outcome))
        }
        guard let code = parameters["code"], !code.isEmpty else {
            return Reply(status: .badRequest, title: "Sign-in incomplete",
                         message: "The response carried no authorization code.", outcome: nil)
        }
        return Reply(status: .ok, title: "Signed in",
                     message: "You are signed in. You can close this window and return to the application.",
                     outcome: .code(code))
    }

    /// Compares without stopping at the first difference, so the time taken tells an
    /// attacker nothing about how much of a guessed state was right.
    static func constantTimeEquals(_ given: String, _ expected: String) -> Bool {
        let lhs = Array(given.utf8)
        let rhs = Array(expected.utf8)
        var difference = UInt8(truncatingIfNeeded: lhs.count ^ rhs.count)
        for index in 0..<max(lhs.count, rhs.count) {
            let left = index < lhs.count ? lhs[index] : 0
            let right = index < rhs.count ? rhs[index] : 0
            difference |= left ^ right
        }
        return difference == 0 && lhs.count == rhs.count
    }

    /// A short, self-contained page; `message` may come from the query, so it is escaped.
    static func page(title: String, message: String) -> String {
        """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>\(escapeHTML(title))</title></head>
        <body><h1>\(escapeHTML(title))</h1><p>\(escapeHTML(message))</p></body></html>
        """
    }

    static func escapeHTML(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    private static func split(_ uri: String) -> (path: String, query: Substring) {
        guard let mark = uri.firstIndex(of: "?") else { return (uri, "") }
        return (String(uri[..<mark]), uri[uri.index(after: mark)...])
    }

    /// Form-style query decoding (`+` is a space); the first value of a repeated name wins.
    private static func parameters(_ query: Substring) -> [String: String] {
        var result: [String: String] = [:]
        for item in query.split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            let name = decode(pair[0])
            if result[name] == nil {
                result[name] = pair.count > 1 ? decode(pair[1]) : ""
            }
        }
        return result
    }
}

/// Answers requests on one connection according to a ``RedirectRoute``, then closes it.
private final class RedirectRequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let route: RedirectRoute
    private var head: HTTPRequestHead?

    init(route: RedirectRoute) {
        self.route = route
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body:
            break
        case .end:
            guard let head else { return }
            self.head = nil
            let reply = route.reply(method: head.method, uri: head.uri)
            if let outcome = reply.outcome { route.deliver(outcome) }
            respond(context: context, reply: reply)
        }
    }

    private func respond(context: ChannelHandlerContext, reply: RedirectRoute.Reply) {
        let body = RedirectRoute.page(title: reply.title, message: reply.message)
        var buffer = context.channel.allocator.buffer(capacity: body.utf8.count)
        buffer.writeString(body)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
        headers.add(name: "Content-Length", value: String(buffer.readableBytes))
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: reply.status, headers: headers))),
                      promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }
}
