import AsyncHTTPClient
import NIOCore
import OpenAPIRuntime

/// A response body as the transport delivered it.
///
/// The default transport hands over AsyncHTTPClient's own buffers, so a body read whole
/// (every JSON answer) is copied once, into the bytes that are decoded, and a download is
/// hashed and written straight from the buffers the connection filled. Any other transport's
/// body is an `HTTPBody`.
package enum ResponseBytes: Sendable {
    /// The whole body, already read.
    case whole(ByteBuffer)
    /// AsyncHTTPClient's buffers as they arrive, with the length the response announced.
    case buffers(HTTPClientResponse.Body, length: Int64?)
    /// Another transport's body.
    case body(HTTPBody)

    /// The body's length in bytes, when known before reading it.
    var length: Int64? {
        switch self {
        case .whole(let buffer): Int64(buffer.readableBytes)
        case .buffers(_, let length): length
        case .body(let body):
            if case .known(let length) = body.length { length } else { nil }
        }
    }

    /// Calls `body` with each run of bytes in turn, without copying them.
    func forEachRun(_ body: (UnsafeRawBufferPointer) throws -> Void) async throws {
        switch self {
        case .whole(let buffer):
            try buffer.withUnsafeReadableBytes(body)
        case .buffers(let buffers, _):
            for try await buffer in buffers {
                try buffer.withUnsafeReadableBytes(body)
            }
        case .body(let http):
            for try await chunk in http {
                try chunk.withUnsafeBytes(body)
            }
        }
    }

    /// Calls `body` with the buffers received, gathered until they hold at least
    /// `minimumBytes` (the last batch may hold fewer), without copying AsyncHTTPClient's
    /// buffers; another transport's chunks are copied into buffers.
    func forEachBatch(minimumBytes: Int, _ body: ([ByteBuffer]) async throws -> Void) async throws {
        var batch: [ByteBuffer] = []
        var gathered = 0
        func add(_ buffer: ByteBuffer) async throws {
            gathered += buffer.readableBytes
            batch.append(buffer)
            if gathered >= minimumBytes {
                let full = batch
                batch.removeAll(keepingCapacity: true)
                gathered = 0
                try await body(full)
            }
        }
        switch self {
        case .whole(let buffer):
            try await add(buffer)
        case .buffers(let buffers, _):
            for try await buffer in buffers { try await add(buffer) }
        case .body(let http):
            for try await chunk in http { try await add(ByteBuffer(bytes: chunk)) }
        }
        if !batch.isEmpty { try await body(batch) }
    }

    /// The whole body in one array, failing past `limit` bytes.
    ///
    /// - Throws: ``ByteStreamError/tooLong(limit:)`` past the limit; the transport's errors.
    func collect(upTo limit: Int) async throws -> [UInt8] {
        if case .whole(let buffer) = self {
            guard buffer.readableBytes <= limit else { throw ByteStreamError.tooLong(limit: limit) }
            return Array(buffer.readableBytesView)
        }
        var bytes: [UInt8] = []
        if let length, length <= Int64(limit) {
            bytes.reserveCapacity(Int(length))
        }
        try await forEachRun { run in
            guard bytes.count + run.count <= limit else { throw ByteStreamError.tooLong(limit: limit) }
            bytes.append(contentsOf: run)
        }
        return bytes
    }

    /// The first `limit` bytes, or fewer when the body is shorter or breaks off (an error
    /// body that fails halfway still has its status to report). Cancellation is rethrown.
    func prefix(_ limit: Int) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        do {
            try await forEachRun { run in
                let room = limit - bytes.count
                if room > 0 { bytes.append(contentsOf: run.prefix(room)) }
                if bytes.count >= limit { throw PrefixFull() }
            }
        } catch {
            if error is CancellationError { throw error }
        }
        return bytes
    }

    /// Reads the rest of the body and drops it, so the connection can be used again.
    /// Cancellation is rethrown; other failures are ignored.
    func discard() async throws {
        do {
            try await forEachRun { _ in }
        } catch {
            if error is CancellationError { throw error }
        }
    }

    /// Stops ``prefix(_:)`` once it has enough.
    private struct PrefixFull: Error {}
}
