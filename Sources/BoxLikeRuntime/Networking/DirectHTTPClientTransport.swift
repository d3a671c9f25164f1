import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import OpenAPIRuntime

/// The SDK's default transport: hands each request straight to AsyncHTTPClient.
///
/// It does what swift-openapi-async-http-client's transport does, minus the per-request
/// work the SDK does not need. The URL is the base URL's text with the request's path and
/// query appended, not parsed twice by `URLComponents` and built again as a `URL`. Response
/// headers are appended in order, not set one by one, each replacing any earlier value.
/// Request bodies stream as they come; response bodies stream too, except small ones of
/// announced length, which are read whole first. The runtime takes the response as
/// AsyncHTTPClient's buffers (``ResponseBytesTransport``); other callers get an `HTTPBody`.
struct DirectHTTPClientTransport: ResponseBytesTransport {
    let client: HTTPClient
    /// The longest a whole request may take.
    let timeout: TimeAmount

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL,
              operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        let (head, bytes) = try await sendReturningBytes(request, body: body, baseURL: baseURL, operationID: operationID)
        switch bytes {
        case nil:
            return (head, nil)
        case .whole(let buffer):
            return (head, HTTPBody(ArraySlice(buffer.readableBytesView)))
        case .buffers(let buffers, let length):
            return (head, HTTPBody(buffers.map { ArraySlice($0.readableBytesView) },
                                   length: length.map { .known($0) } ?? .unknown, iterationBehavior: .single))
        case .body(let body):
            return (head, body)
        }
    }

    func sendReturningBytes(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL,
                            operationID: String) async throws -> (HTTPResponse, ResponseBytes?) {
        var outgoing = HTTPClientRequest(url: Self.url(base: baseURL, path: request.path ?? ""))
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        outgoing.headers.reserveCapacity(request.headerFields.count)
        for field in request.headerFields {
            outgoing.headers.add(name: field.name.canonicalName, value: field.value)
        }
        if let body {
            let length: HTTPClientRequest.Body.Length
            switch body.length {
            case .unknown: length = .unknown
            case .known(let count): length = .known(count)
            }
            outgoing.body = .stream(body.map { ByteBuffer(bytes: $0) }, length: length)
        }
        let response = try await client.execute(outgoing, timeout: timeout)

        var fields = HTTPFields()
        fields.reserveCapacity(response.headers.count)
        // The announced length is noted on the way: looking a field up by name afterwards
        // compares every name again.
        var announcedLength: String?
        for header in response.headers {
            guard let name = HTTPField.Name(header.name) else { continue }
            if name == .contentLength, announcedLength == nil { announcedLength = header.value }
            fields.append(HTTPField(name: name, value: header.value))
        }
        let head = HTTPResponse(status: .init(code: Int(response.status.code)), headerFields: fields)
        switch request.method {
        case .head, .connect, .trace:
            return (head, nil)
        default:
            let length = announcedLength.flatMap { Int64($0) }
            // A small body of announced length (every JSON answer) is read here in one call,
            // which AsyncHTTPClient serves from what it has already received, and handed on as
            // one buffer; anything else streams.
            if let length, length <= Self.collectedBodyLimit {
                return (head, .whole(try await response.body.collect(upTo: Int(length))))
            }
            return (head, .buffers(response.body, length: length))
        }
    }

    /// The largest body of announced length read whole before the response is handed on.
    static let collectedBodyLimit: Int64 = 256 * 1024

    /// `base` (without a trailing slash) followed by `path`, which carries the query.
    static func url(base: URL, path: String) -> String {
        var text = base.absoluteString
        if text.hasSuffix("/"), path.hasPrefix("/") { text.removeLast() }
        return text + path
    }
}

/// A transport that can hand over a response body as it received it (``ResponseBytes``),
/// sparing the copy of every chunk into an array that an `HTTPBody` needs.
package protocol ResponseBytesTransport: ClientTransport {
    /// Sends the request as ``ClientTransport/send(_:body:baseURL:operationID:)`` does.
    func sendReturningBytes(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL,
                            operationID: String) async throws -> (HTTPResponse, ResponseBytes?)
}

extension ClientTransport {
    /// Sends through `send` and hands the body over as it came: how a caller that found out
    /// once that `self` is not a ``ResponseBytesTransport`` sends.
    func sendWrappingBody(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL,
                          operationID: String) async throws -> (HTTPResponse, ResponseBytes?) {
        let (head, body) = try await send(request, body: body, baseURL: baseURL, operationID: operationID)
        return (head, body.map(ResponseBytes.body))
    }
}
