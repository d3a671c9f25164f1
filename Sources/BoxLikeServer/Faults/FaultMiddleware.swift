import BoxLikeJSON
import Hummingbird
import NIOCore

/// Applies injected faults before (or around) normal handling.
struct FaultMiddleware: RouterMiddleware {
    typealias Context = BoxLikeRequestContext
    let injector: FaultInjector

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let fault = await injector.take(method: request.method.rawValue, path: request.uri.path) else {
            return try await next(request, context)
        }
        switch fault {
        case .status(let code, let retryAfter):
            var headers = HTTPFields()
            if let retryAfter { headers[.retryAfter] = retryAfter.headerValue }
            let status = HTTPResponse.Status(code: code)
            throw ServerErrorResponse(status, code: Self.errorCode(for: code), message: "Injected fault: \(status.reasonPhrase)", headers: headers)
        case .resetConnection:
            try? await context.channel.close()
            throw ConnectionAbort()
        case .delay(let duration):
            try await Task.sleep(for: duration)
            return try await next(request, context)
        case .hold(let gate):
            await gate.wait()
            try Task.checkCancellation()
            return try await next(request, context)
        case .malformedJSON:
            let broken = Array(#"{"type": "file", "id": "12345", "name": "trunc"#.utf8)
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: broken)))
        case .jsonBody(let code, let json):
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return Response(status: HTTPResponse.Status(code: code), headers: headers,
                            body: .init(byteBuffer: ByteBuffer(bytes: Array(json.utf8))))
        case .throttle(let bytesPerSecond):
            // Without a body there is nothing to pace, and the body stays untouched: a handler
            // that watches for the client closing the connection (the realtime poll) needs it so.
            let hasBody = request.headers[.transferEncoding] != nil || (request.headers[.contentLength].flatMap { Int($0) } ?? 0) > 0
            guard hasBody else { return try await next(request, context) }
            var paced = request
            paced.body = RequestBody(asyncSequence: ThrottledBody(base: request.body, bytesPerSecond: bytesPerSecond))
            return try await next(paced, context)
        case .truncateBody:
            let response = try await next(request, context)
            return try await Self.truncated(response, channel: context.channel)
        case .duplicateEvents:
            let response = try await next(request, context)
            return try await Self.duplicatingEvents(response)
        }
    }

    /// The response with each of its `entries` repeated right after itself; a body that is
    /// not a JSON object with entries is passed on unchanged.
    static func duplicatingEvents(_ response: Response) async throws -> Response {
        let collector = CollectingBodyWriter.Storage()
        try await response.body.write(CollectingBodyWriter(storage: collector))
        let original = collector.buffer
        guard case .object(var members)? = try? JSONValue.parse(original.readableBytesView),
              let entries = members["entries"]?.arrayValue
        else {
            return Response(status: response.status, headers: response.headers, body: .init(byteBuffer: original))
        }
        members["entries"] = .array(entries.flatMap { [$0, $0] })
        members["chunk_size"] = .int(entries.count * 2)
        let bytes = JSONValue.object(members).serialized()
        var headers = response.headers
        headers[.contentLength] = String(bytes.count)
        return Response(status: response.status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func errorCode(for status: Int) -> String {
        switch status {
        case 429: return "rate_limit_exceeded"
        case 500: return "internal_server_error"
        case 502: return "bad_gateway"
        case 503: return "unavailable"
        case 504: return "gateway_timeout"
        default: return "injected_fault"
        }
    }

    static func truncated(_ response: Response, channel: any Channel) async throws -> Response {
        let collector = CollectingBodyWriter.Storage()
        try await response.body.write(CollectingBodyWriter(storage: collector))
        let full = collector.buffer
        // At least one byte short, so even a one-byte body is visibly truncated.
        let sent = full.readableBytes > 1 ? full.readableBytes / 2 : 0
        var headers = response.headers
        headers[.contentLength] = String(max(full.readableBytes, 1))
        let partial = full.getSlice(at: full.readerIndex, length: sent) ?? ByteBuffer()
        let body = ResponseBody { writer in
            if partial.readableBytes > 0 { try await writer.write(partial) }
            // Give the partial bytes a moment to leave before the connection drops.
            try? await Task.sleep(for: .milliseconds(20))
            try? await channel.close()
            throw ConnectionAbort()
        }
        return Response(status: response.status, headers: headers, body: body)
    }
}

/// Collects a response body so a fault can resend part of it.
struct CollectingBodyWriter: ResponseBodyWriter {
    final class Storage: @unchecked Sendable {
        // Only touched by the single task that writes the body.
        var buffer = ByteBuffer()
    }

    let storage: Storage

    mutating func write(_ buffer: ByteBuffer) async throws {
        var copy = buffer
        storage.buffer.writeBuffer(&copy)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// A request body handed on no faster than a fixed rate: each buffer is released when the
/// bytes before it would have arrived over a link of that bandwidth.
struct ThrottledBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let base: RequestBody
    let bytesPerSecond: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: RequestBody.AsyncIterator
        let bytesPerSecond: Double
        let started = ContinuousClock.now
        var released: Double = 0

        mutating func next() async throws -> ByteBuffer? {
            guard let buffer = try await base.next() else { return nil }
            released += Double(buffer.readableBytes)
            let due = started + .seconds(released / bytesPerSecond)
            if due > ContinuousClock.now {
                try await Task.sleep(until: due, clock: .continuous)
            }
            return buffer
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), bytesPerSecond: Double(Swift.max(1, bytesPerSecond)))
    }
}
