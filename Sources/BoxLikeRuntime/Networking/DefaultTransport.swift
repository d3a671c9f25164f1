import AsyncHTTPClient
import Foundation
import NIOCore
import OpenAPIRuntime
import OpenAPIURLSession
import Tracing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transports the SDK ships.
public enum DefaultTransport {
    /// An AsyncHTTPClient transport on a process-wide client that does not follow redirects:
    /// the runtime follows them itself, so credentials never travel to another location.
    /// Streams request and response bodies both ways.
    public static let shared: any ClientTransport = asyncHTTPClient()

    /// The process-wide AsyncHTTPClient behind ``shared``, with the default ``NetworkTimeouts``.
    /// Package-only: an app that shut it down would break every client in the process.
    package static let sharedHTTPClient = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: clientConfiguration(NetworkTimeouts()))

    /// The one place the SDK's AsyncHTTPClient settings are made: no redirects (the runtime
    /// follows them itself), `timeouts`' connect and read-idle limits, bounded decompression,
    /// and a pool that does not retry a connection it could not make.
    package static func clientConfiguration(_ timeouts: NetworkTimeouts) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .nanoseconds(NetworkTimeouts.nanoseconds(timeouts.connect)),
                                      read: .nanoseconds(NetworkTimeouts.nanoseconds(timeouts.readIdle)))
        configuration.decompression = .enabled(limit: .ratio(50))
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 64)
        // A connection that cannot be made fails the request at once instead of being tried
        // again until the connect timeout: the SDK's retry policy decides, and a TLS failure
        // (which no retry can fix) is reported in milliseconds rather than after a minute.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.tracing.tracer = httpSpanTracer(InstrumentationSystem.tracer)
        return configuration
    }

    /// The tracer AsyncHTTPClient's own per-request span goes to: none when `tracer` is the
    /// no-op tracer. AsyncHTTPClient otherwise fills in a span that nobody keeps on every
    /// request (parsing the URL again for its attributes), which measured about 2 % of a
    /// small call's CPU. With a real tracer bootstrapped first, each attempt's HTTP span
    /// still nests under the SDK's span for the operation.
    package static func httpSpanTracer(_ tracer: any Tracer) -> (any Tracer)? {
        tracer is NoOpTracer ? nil : tracer
    }

    /// The AsyncHTTPClient transport configured with `timeouts`, `tls` and `proxy` (what
    /// ``NetworkSession`` uses unless given a transport of its own). Clients and their
    /// transports are made once per distinct setting and shared by the process.
    public static func configured(timeouts: NetworkTimeouts = NetworkTimeouts(), tls: TLSOptions? = nil,
                                  proxy: NetworkProxy = .none) -> any ClientTransport {
        ConfiguredTransport(timeouts: timeouts, tls: tls, proxy: proxy)
    }

    /// An AsyncHTTPClient transport that hands each request straight to the client (no
    /// adapter in between). Request bodies are handed to it a chunk at a time as its event
    /// loops write them, so streaming a large file up keeps memory flat.
    ///
    /// - Parameters:
    ///   - client: The client; it must not follow redirects (`redirectConfiguration = .disallow`).
    ///     `nil` uses the process-wide client behind ``shared``.
    ///   - timeout: The longest a whole request may take.
    public static func asyncHTTPClient(client: HTTPClient? = nil,
                                       timeout: Duration = NetworkTimeouts().total) -> any ClientTransport {
        pacedHTTPClientTransport(client: client ?? sharedHTTPClient, timeout: timeout)
    }

    /// ``asyncHTTPClient(client:timeout:)`` as its concrete type.
    static func pacedHTTPClientTransport(client: HTTPClient, timeout: Duration) -> EventLoopPacedTransport {
        // Saturating: a timeout past what NIO's nanoseconds can hold (about 292 years) waits that long.
        let nanoseconds = NetworkTimeouts.nanoseconds(timeout)
        let transport = DirectHTTPClientTransport(client: client, timeout: .nanoseconds(nanoseconds))
        // Request bodies are paced to the client's event loops so a fast producer cannot
        // queue more than about a chunk ahead of the connection (see EventLoopPacedTransport).
        return EventLoopPacedTransport(base: transport, eventLoopGroup: client.eventLoopGroup)
    }

    /// A URLSession transport on a session that does not follow redirects (the runtime
    /// follows them itself, without credentials).
    ///
    /// On Linux, FoundationNetworking's URLSession buffers request and response bodies
    /// instead of streaming them, so memory grows with the transfer; prefer ``shared``
    /// there, especially for large uploads and downloads. On Apple platforms it streams.
    public static func urlSession() -> any ClientTransport {
        urlSession(URLSession(configuration: .ephemeral, delegate: RedirectRefusingDelegate(), delegateQueue: nil))
    }

    /// A URLSession transport on `session`. If the session follows redirects, download
    /// redirects are followed by URLSession, which may forward the `Authorization` header.
    public static func urlSession(_ session: URLSession) -> any ClientTransport {
        URLSessionTransport(configuration: .init(session: session))
    }
}

/// Hands redirects back to the caller instead of following them.
final class RedirectRefusingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
