import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import OpenAPIRuntime
import Synchronization

/// The default transport as a ``NetworkSession`` configures it: AsyncHTTPClient with the
/// session's timeouts, TLS options and proxy. The proxy is chosen per request (an
/// environment proxy depends on the URL's scheme and host).
struct ConfiguredTransport: ResponseBytesTransport {
    let timeouts: NetworkTimeouts
    let tls: TLSOptions?
    let proxy: NetworkProxy

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL,
              operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        try await sending(to: baseURL) { transport in
            try await transport.send(request, body: body, baseURL: baseURL, operationID: operationID)
        }
    }

    func sendReturningBytes(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL,
                            operationID: String) async throws -> (HTTPResponse, ResponseBytes?) {
        try await sending(to: baseURL) { transport in
            try await transport.sendReturningBytes(request, body: body, baseURL: baseURL, operationID: operationID)
        }
    }

    /// Runs `send` on the pooled transport for `baseURL`'s proxy.
    private func sending<Result>(to baseURL: URL,
                                 _ send: (EventLoopPacedTransport) async throws -> Result) async throws -> Result {
        let server = try proxy.server(for: baseURL, environment: ProcessInfo.processInfo.environment)
        let transport = try HTTPClientPool.shared.transport(for: .init(timeouts: timeouts, tls: tls, proxy: server))
        do {
            // A proxy's refusal in an answer is the attempt state machine's to recognize.
            return try await send(transport)
        } catch {
            // A refused connection here is the proxy's refusal: name it.
            if server != nil, TransportErrorClassifier.classify(error).kind == .connectionFailed {
                throw ProxyUnreachable(underlying: error)
            }
            throw error
        }
    }
}

/// The proxy could not be reached.
struct ProxyUnreachable: Error, CustomStringConvertible {
    let underlying: any Error
    var description: String { "The proxy could not be reached: \(TransportErrorClassifier.describe(underlying))" }
}

/// The AsyncHTTPClient instances of configured transports, one per distinct client setting,
/// and the transports wrapping them, one per setting and total limit, kept for the life of
/// the process (like ``DefaultTransport/shared``): a request finds its transport with one
/// lookup instead of building it.
final class HTTPClientPool: Sendable {
    /// Everything a configured transport depends on.
    struct Key: Hashable, Sendable {
        var timeouts: NetworkTimeouts
        var tls: TLSOptions?
        var proxy: NetworkProxy.Server?

        /// What the client depends on: the total limit belongs to the transport.
        var client: Key {
            var key = self
            key.timeouts.total = NetworkTimeouts().total
            return key
        }
    }

    static let shared = HTTPClientPool()
    private let clients = Mutex<[Key: HTTPClient]>([:])
    private let transports = Mutex<[Key: EventLoopPacedTransport]>([:])

    /// The transport for `key`, made on first use.
    func transport(for key: Key) throws -> EventLoopPacedTransport {
        if let existing = transports.withLock({ $0[key] }) { return existing }
        let made = DefaultTransport.pacedHTTPClientTransport(client: try client(for: key.client), timeout: key.timeouts.total)
        return transports.withLock { transports in
            if let existing = transports[key] { return existing }
            transports[key] = made
            return made
        }
    }

    /// The client for `key` (whose total limit is ignored), made on first use.
    private func client(for key: Key) throws -> HTTPClient {
        if key == Key(timeouts: NetworkTimeouts()) {
            return DefaultTransport.sharedHTTPClient
        }
        if let existing = clients.withLock({ $0[key] }) { return existing }
        // Built outside the lock: reading PEM files may take a moment.
        var configuration = DefaultTransport.clientConfiguration(key.timeouts)
        if let tls = key.tls {
            configuration.tlsConfiguration = try tls.makeNIOConfiguration()
        }
        if let proxy = key.proxy {
            configuration.proxy = .server(
                host: proxy.host, port: proxy.port,
                authorization: proxy.credentials.map { HTTPClient.Authorization.basic(username: $0.username, password: $0.password) })
        }
        let made = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let (kept, extra) = clients.withLock { clients -> (HTTPClient, HTTPClient?) in
            if let existing = clients[key] { return (existing, made) }
            clients[key] = made
            return (made, nil)
        }
        // Another task made the same client meanwhile; the spare one is shut down.
        if let extra { Task { try? await extra.shutdown() } }
        return kept
    }
}
