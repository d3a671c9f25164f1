import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import OpenAPIRuntime
@testable import BoxLikeServer

extension BoxLikeServer {
    /// Sends a request whose body is `chunks` as they come (a client still sending, or one
    /// that fails halfway when the stream throws), to `url` on this server.
    func sendStreaming(
        _ method: HTTPMethod, _ url: String, headers: [(String, String)] = [],
        chunks: AsyncThrowingStream<[UInt8], any Error>
    ) async throws -> HTTPResult {
        if listensOnSocket {
            var request = HTTPClientRequest(url: url)
            request.method = method
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            request.body = .stream(chunks.map { ByteBuffer(bytes: $0) }, length: .unknown)
            let response = try await TestHTTP.client.execute(request, timeout: .seconds(30))
            var collected = try await response.body.collect(upTo: 16 * 1024 * 1024)
            let bytes = collected.readBytes(length: collected.readableBytes) ?? []
            return HTTPResult(status: Int(response.status.code), headers: response.headers, body: bytes)
        }
        guard var base = URLComponents(string: url), let requestMethod = HTTPRequest.Method(method.rawValue) else {
            throw TestFailure("cannot send \(method.rawValue) \(url)")
        }
        let path = base.percentEncodedPath + (base.percentEncodedQuery.map { "?" + $0 } ?? "")
        base.percentEncodedPath = ""
        base.percentEncodedQuery = nil
        guard let baseURL = base.url else { throw TestFailure("not a URL: \(url)") }
        var request = HTTPRequest(method: requestMethod, scheme: nil, authority: nil, path: path)
        for (name, value) in headers {
            guard let fieldName = HTTPField.Name(name) else { throw TestFailure("not a header name: \(name)") }
            request.headerFields.append(HTTPField(name: fieldName, value: value))
        }
        let body = HTTPBody(chunks.map { ArraySlice($0) }, length: .unknown, iterationBehavior: .single)
        let (response, responseBody) = try await inProcessTransport.send(request, body: body, baseURL: baseURL, operationID: "test")
        var collected: [UInt8] = []
        if let responseBody { collected = try await [UInt8](collecting: responseBody, upTo: 16 * 1024 * 1024) }
        var responseHeaders = HTTPHeaders()
        for field in response.headerFields { responseHeaders.add(name: field.name.rawName, value: field.value) }
        return HTTPResult(status: response.status.code, headers: responseHeaders, body: collected)
    }
}
