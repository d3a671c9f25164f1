import AsyncHTTPClient
import HTTPTypes
import NIOCore
import OpenAPIRuntime

/// An asynchronous sequence of byte chunks, such as a download's content.
///
/// Chunks arrive as the network delivers them; nothing is buffered beyond the chunk in
/// hand, so a gigabyte download needs no more memory than a few chunks.
///
/// ```swift
/// for try await chunk in try await client.downloads.downloadFile(fileId: "123") {
///     try handle.write(contentsOf: chunk)
/// }
/// ```
public struct ByteStream: AsyncSequence, Sendable {
    /// A run of bytes.
    public typealias Element = ArraySlice<UInt8>

    /// The bytes, as the transport delivered them.
    let source: ResponseBytes

    /// The total number of bytes the stream will yield, when the sender said so.
    public let expectedLength: Int64?

    /// The headers of the response the bytes came from (empty for streams made locally):
    /// content type, length, range and digests.
    public let responseHeaders: HTTPFields

    /// The headers of the API's own response: the same as ``responseHeaders`` unless the API
    /// redirected to a download location, which then answered ``responseHeaders``. What the
    /// API announces about the content (its SHA-1) is read here, so a location cannot vouch
    /// for the bytes it serves itself.
    public let apiResponseHeaders: HTTPFields

    /// Wraps a transport body.
    ///
    /// - Parameter apiResponseHeaders: The API's response when it redirected elsewhere;
    ///   `nil` when `responseHeaders` are the API's own.
    public init(_ body: HTTPBody, responseHeaders: HTTPFields = HTTPFields(), apiResponseHeaders: HTTPFields? = nil) {
        self.init(.body(body), responseHeaders: responseHeaders, apiResponseHeaders: apiResponseHeaders)
    }

    /// Wraps a body as the transport delivered it.
    package init(_ source: ResponseBytes, responseHeaders: HTTPFields = HTTPFields(),
                 apiResponseHeaders: HTTPFields? = nil) {
        self.source = source
        self.responseHeaders = responseHeaders
        self.apiResponseHeaders = apiResponseHeaders ?? responseHeaders
        self.expectedLength = source.length
    }

    /// Creates a stream over bytes already in memory.
    public init(bytes: some Collection<UInt8> & Sendable) {
        self.init(HTTPBody(bytes))
    }

    /// Creates the iterator; a stream can be iterated once.
    public func makeAsyncIterator() -> AsyncIterator {
        switch source {
        case .whole(let buffer): AsyncIterator(base: .whole(buffer))
        case .buffers(let buffers, _): AsyncIterator(base: .buffers(buffers.makeAsyncIterator()))
        case .body(let body): AsyncIterator(base: .body(body.makeAsyncIterator()))
        }
    }

    /// Reads the whole stream into memory, failing when it is longer than `limit` bytes.
    ///
    /// - Throws: ``BoxSDKError`` (`.invalidResponse`) past the limit; the stream's own errors.
    public func collect(upTo limit: Int) async throws -> [UInt8] {
        do {
            return try await collectBounded(upTo: limit)
        } catch let error as ByteStreamError {
            throw BoxSDKError(.invalidResponse, error.description)
        }
    }

    /// ``collect(upTo:)`` with the runtime's own error, which callers map to their context.
    ///
    /// - Throws: ``ByteStreamError/tooLong(limit:)`` past the limit.
    func collectBounded(upTo limit: Int) async throws -> [UInt8] {
        try await source.collect(upTo: limit)
    }

    /// Calls `body` with each run of bytes in turn, without copying them into arrays as
    /// iterating the stream does; for consumers that only hash and write the bytes.
    package func forEachRun(_ body: (UnsafeRawBufferPointer) throws -> Void) async throws {
        try await source.forEachRun(body)
    }

    /// Calls `body` with the bytes received in batches of at least `minimumBytes` (the last
    /// may be smaller), as the buffers the connection filled; for consumers that hand the
    /// bytes on to other threads.
    package func forEachBatch(minimumBytes: Int, _ body: ([ByteBuffer]) async throws -> Void) async throws {
        try await source.forEachBatch(minimumBytes: minimumBytes, body)
    }

    /// Iterates a ``ByteStream``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// Where the chunks come from.
        enum Base {
            case whole(ByteBuffer?)
            case buffers(HTTPClientResponse.Body.AsyncIterator)
            case body(HTTPBody.AsyncIterator)
        }

        var base: Base

        /// The next chunk, or `nil` at the end.
        public mutating func next() async throws -> ArraySlice<UInt8>? {
            switch base {
            case .whole(let buffer):
                base = .whole(nil)
                return buffer.map { ArraySlice($0.readableBytesView) }
            case .buffers(var iterator):
                let buffer = try await iterator.next()
                base = .buffers(iterator)
                return buffer.map { ArraySlice($0.readableBytesView) }
            case .body(var iterator):
                let chunk = try await iterator.next()
                base = .body(iterator)
                return chunk
            }
        }
    }
}

/// A failure reading a ``ByteStream``.
enum ByteStreamError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The stream held more bytes than the caller allowed.
    case tooLong(limit: Int)

    /// A sentence naming the problem.
    var description: String {
        switch self {
        case .tooLong(let limit): "The body is longer than the limit of \(limit) bytes."
        }
    }
}
