import Foundation
import HTTPTypes
import OpenAPIRuntime

/// A `ClientTransport` that hands each request straight to a ``BoxLikeServer``'s router in
/// this process: no socket, no port, no HTTP encoding, the same middleware and handlers.
///
/// Get one from ``BoxLikeServer/inProcessTransport`` and give it to anything that takes a
/// swift-openapi-runtime transport, such as the SDK's `NetworkSession`. It serves requests for
/// the server's ``BoxLikeServer/origin`` only (``InProcessTransportError/foreignOrigin(_:expected:)``
/// for any other), so URLs the server hands out (download, upload and shared-link URLs) work
/// with it as they are.
///
/// ```swift
/// try await BoxLikeServer.withRunningInProcess { server in
///     let session = NetworkSession(transport: server.inProcessTransport, baseUrls: .singleOrigin(server.originURL))
///     let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
///     let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
///     let me = try await client.users.getUserMe()
/// }
/// ```
///
/// Bodies stream both ways: the request body reaches the handler piece by piece, as fast as
/// the handler reads it, while the response is produced, and the response body is read as the
/// caller consumes it (a handler writing faster than the caller reads is buffered, not held). What closes
/// the connection on a socket (an injected reset, a truncated body, a server stopping) surfaces
/// as ``InProcessTransportError/connectionClosed``; cancelling the calling task closes the
/// connection, which handlers that watch for it (the realtime long-poll) see.
///
/// The transport's timeouts, TLS and proxy settings are not used: there is no connection to
/// time out or secure. Test those with a server listening on loopback (``BoxLikeServer/start(_:)``).
public struct InProcessTransport: ClientTransport, Sendable {
    private let endpoint: InProcessEndpoint

    init(endpoint: InProcessEndpoint) {
        self.endpoint = endpoint
    }

    /// The origin requests must be for, e.g. `http://boxlike.local`.
    public var origin: String { endpoint.origin.description }

    /// Sends `request` to the server and returns its response head with a body to stream.
    ///
    /// - Throws: ``InProcessTransportError`` for a request to another origin, a stopped server
    ///   or a connection the server closed before the response head; `CancellationError` when
    ///   the calling task is cancelled.
    public func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        let head = try requestHead(request, body: body, baseURL: baseURL)
        let exchange = try await endpoint.open()
        let response: HTTPResponse
        do {
            try await exchange.send(head, body: body)
            response = try await exchange.responseHead()
        } catch {
            exchange.close()
            throw error
        }
        switch request.method {
        case .head, .connect, .trace:
            exchange.close()
            return (response, nil)
        default:
            let length = response.headerFields[.contentLength].flatMap { Int64($0) }.map(HTTPBody.Length.known) ?? .unknown
            let body = HTTPBody(InProcessResponseBody(lease: .init(exchange)), length: length, iterationBehavior: .single)
            return (response, body)
        }
    }

    /// The request as the server's HTTP/1 decoder would hand it over: the base URL's path in
    /// front of the request's, the origin as authority and the framing header a client would
    /// send (`Content-Length` for a known length, `Transfer-Encoding: chunked` otherwise,
    /// `Content-Length: 0` for a bodyless method that usually has one).
    private func requestHead(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL) throws -> HTTPRequest {
        guard endpoint.origin.contains(baseURL) else {
            throw InProcessTransportError.foreignOrigin(baseURL.absoluteString, expected: endpoint.origin.description)
        }
        guard let base = URLComponents(url: baseURL, resolvingAgainstBaseURL: false),
              let relative = URLComponents(string: request.path ?? "")
        else {
            throw InProcessTransportError.foreignOrigin(baseURL.absoluteString + (request.path ?? ""), expected: endpoint.origin.description)
        }
        var basePath = base.percentEncodedPath
        if basePath.hasSuffix("/") { basePath.removeLast() }
        var path = basePath + relative.percentEncodedPath
        if path.isEmpty { path = "/" }
        if let query = relative.percentEncodedQuery { path += "?" + query }

        var fields = request.headerFields
        if fields[.contentLength] == nil, fields[.transferEncoding] == nil {
            switch body?.length {
            case .known(let count)?:
                fields[.contentLength] = String(count)
            case .unknown?:
                fields[.transferEncoding] = "chunked"
            case nil:
                if ![.get, .head, .delete, .connect, .trace, .options].contains(request.method) {
                    fields[.contentLength] = "0"
                }
            }
        }
        return HTTPRequest(method: request.method, scheme: endpoint.origin.scheme, authority: endpoint.origin.authority,
                           path: path, headerFields: fields)
    }
}
