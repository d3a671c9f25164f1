import Foundation
import OpenAPIRuntime
import Synchronization

/// Where the bytes of a request body come from.
///
/// A source can usually be read again: a file is reopened for every attempt, so a retried
/// upload streams from disk again instead of keeping the whole body in memory. A source
/// made from a one-shot `AsyncSequence` cannot be replayed, and the runtime then does not
/// retry a request that already started sending it.
///
/// ```swift
/// let source = try ByteSource.file(at: URL(fileURLWithPath: "/tmp/report.pdf"))
/// ```
public struct ByteSource: Sendable {
    /// The number of bytes, when known in advance.
    public let length: Int64?

    /// Whether ``makeStream()`` may be called more than once.
    public let isReplayable: Bool

    private let make: @Sendable () throws -> HTTPBody
    private let consumed: ConsumedFlag?

    private init(length: Int64?, isReplayable: Bool, make: @escaping @Sendable () throws -> HTTPBody) {
        self.length = length
        self.isReplayable = isReplayable
        self.make = make
        self.consumed = isReplayable ? nil : ConsumedFlag()
    }

    /// A source over bytes already in memory.
    public static func bytes(_ bytes: some Collection<UInt8> & Sendable) -> ByteSource {
        let chunk = ArraySlice(bytes)
        return ByteSource(length: Int64(chunk.count), isReplayable: true) {
            HTTPBody(chunk, length: .known(Int64(chunk.count)))
        }
    }

    /// A source reading a file, or a region of it, in chunks; reopened for every attempt.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - offset: Where the region starts.
    ///   - length: How many bytes to read; the rest of the file when `nil`.
    ///   - chunkSize: How many bytes to read at a time.
    /// - Throws: ``BoxSDKError`` (`.invalidArgument`) naming the file when it cannot be
    ///   examined or `offset` lies outside it.
    public static func file(
        at url: URL,
        offset: Int64 = 0,
        length: Int64? = nil,
        chunkSize: Int = 256 * 1024
    ) throws -> ByteSource {
        let path = url.path
        let fileSize: Int64
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            fileSize = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        } catch {
            throw ByteSourceError.unreadableFile(path: path, reason: String(describing: error)).asSDKError
        }
        guard offset >= 0, offset <= fileSize else {
            throw ByteSourceError.unreadableFile(path: path, reason: "offset \(offset) is outside the file").asSDKError
        }
        let regionLength = min(length ?? (fileSize - offset), fileSize - offset)
        let size = max(1, chunkSize)
        return ByteSource(length: regionLength, isReplayable: true) {
            let reader = try FileChunkReader(path: path, offset: offset, length: regionLength, chunkSize: size)
            return HTTPBody(reader, length: .known(regionLength), iterationBehavior: .single)
        }
    }

    /// A source over an asynchronous sequence of byte chunks, read once.
    ///
    /// - Parameters:
    ///   - sequence: The chunks, e.g. an `AsyncStream<[UInt8]>`.
    ///   - length: The total number of bytes if known (sent as `Content-Length`).
    public init<Chunks: AsyncSequence & Sendable>(
        _ sequence: Chunks,
        length: Int64?
    ) where Chunks.Element: Sequence & Sendable, Chunks.Element.Element == UInt8 {
        self.init(length: length, isReplayable: false) {
            HTTPBody(sequence, length: length.map { .known($0) } ?? .unknown, iterationBehavior: .single)
        }
    }

    /// A source that transforms every stream `base` makes (progress, hashing).
    package static func wrapping(_ base: ByteSource, _ transform: @escaping @Sendable (HTTPBody) throws -> HTTPBody) -> ByteSource {
        ByteSource(length: base.length, isReplayable: base.isReplayable) {
            try transform(try base.makeStream())
        }
    }

    /// Opens a new stream of the source's bytes.
    ///
    /// - Throws: ``ByteSourceError/alreadyConsumed`` when a one-shot source is read twice,
    ///   or ``ByteSourceError/unreadableFile(path:reason:)``.
    package func makeStream() throws -> HTTPBody {
        if let consumed, !consumed.claim() {
            throw ByteSourceError.alreadyConsumed
        }
        return try make()
    }
}

/// A failure reading a ``ByteSource``.
enum ByteSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadableFile(path: String, reason: String)
    /// A one-shot source was asked for its bytes a second time.
    case alreadyConsumed
    /// The file ended before the expected number of bytes was read.
    case fileShrank(path: String)

    /// A sentence naming the problem.
    var description: String {
        switch self {
        case .unreadableFile(let path, let reason): "Cannot read '\(path)': \(reason)"
        case .alreadyConsumed: "The body's byte sequence can be read only once and was already sent."
        case .fileShrank(let path): "'\(path)' became shorter while it was being sent."
        }
    }
}

/// Remembers whether a one-shot source has been handed out.
private final class ConsumedFlag: Sendable {
    private let taken = Mutex(false)

    /// Returns `true` the first time only.
    func claim() -> Bool {
        taken.withLock { taken in
            if taken { return false }
            taken = true
            return true
        }
    }
}

extension ByteSourceError {
    /// The error as users see it: an invalid argument that names the problem.
    var asSDKError: BoxSDKError { BoxSDKError(.invalidArgument, description) }
}
