import Crypto
import Foundation
import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one file version, kept in memory or, above a threshold, in a temporary file
/// that is removed when the last reference goes away.
final class StoredContent: Sendable {
    enum Storage: Sendable {
        case memory(ByteBuffer)
        case file(path: String)
    }

    let storage: Storage
    let size: Int
    /// Lowercase hex SHA-1, as Box reports it.
    let sha1: String

    init(storage: Storage, size: Int, sha1: String) {
        self.storage = storage
        self.size = size
        self.sha1 = sha1
    }

    convenience init(bytes: [UInt8]) {
        self.init(storage: .memory(ByteBuffer(bytes: bytes)), size: bytes.count, sha1: Insecure.SHA1.hash(data: bytes).hexString)
    }

    deinit {
        if case .file(let path) = storage {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// The content as text when it is small and in memory, for searching file content.
    func smallText(limit: Int = 1024 * 1024) -> String? {
        guard case .memory(let buffer) = storage, size <= limit else { return nil }
        return buffer.getString(at: buffer.readerIndex, length: buffer.readableBytes)
    }

    /// Base64 SHA-1, for `Digest: sha=...`.
    var sha1Base64: String {
        Data(hexString: sha1)?.base64EncodedString() ?? ""
    }

    /// Reads `range` in chunks of at most `chunkSize`, handing each to `body`.
    func read(range: Range<Int>, chunkSize: Int = 256 * 1024, _ body: (ByteBuffer) async throws -> Void) async throws {
        switch storage {
        case .memory(let buffer):
            var offset = range.lowerBound
            while offset < range.upperBound {
                let length = min(chunkSize, range.upperBound - offset)
                if let slice = buffer.getSlice(at: buffer.readerIndex + offset, length: length) {
                    try await body(slice)
                }
                offset += length
            }
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else { throw ContentError.unreadable }
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(range.lowerBound))
            var remaining = range.count
            while remaining > 0 {
                let data = try handle.read(upToCount: min(chunkSize, remaining)) ?? Data()
                if data.isEmpty { throw ContentError.unreadable }
                remaining -= data.count
                try await body(ByteBuffer(data: data))
            }
        }
    }

    /// All the bytes; only for small content (tests, copies of small files).
    func allBytes() async throws -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(size)
        try await read(range: 0..<size) { result.append(contentsOf: $0.readableBytesView) }
        return result
    }
}

enum ContentError: Error {
    case unreadable
    case unwritable
}

/// Accumulates streamed bytes, hashing as it goes and moving to a temporary file once the
/// size passes the spill threshold, so large uploads never sit in memory twice.
///
/// The temporary file is readable by the server's user only, and a sink dropped before
/// ``finish()`` (a request body that failed, was abandoned or refused halfway, on any path)
/// deletes it: only a finished sink hands its file on, to the ``StoredContent`` that then owns it.
struct ContentSink {
    private var buffer = ByteBuffer()
    private var spill: SpillFile?
    private var hasher = Insecure.SHA1()
    private(set) var size = 0
    let spillThreshold: Int
    /// Where spill files go: the system's temporary directory when `nil`.
    let directory: String?

    init(spillThreshold: Int, directory: String? = nil) {
        self.spillThreshold = spillThreshold
        self.directory = directory
    }

    mutating func append(_ chunk: ByteBuffer) throws {
        // Raw-pointer hashing and writing keep large uploads fast even in debug builds.
        chunk.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
        size += chunk.readableBytes
        if let spill {
            try chunk.withUnsafeReadableBytes { try spill.handle.write(contentsOf: Data($0)) }
            return
        }
        buffer.writeImmutableBuffer(chunk)
        if buffer.readableBytes > spillThreshold {
            let newSpill = try SpillFile(directory: directory ?? NSTemporaryDirectory())
            try buffer.withUnsafeReadableBytes { try newSpill.handle.write(contentsOf: Data($0)) }
            buffer = ByteBuffer()
            spill = newSpill
        }
    }

    /// Finishes the sink; the digest covers everything appended.
    consuming func finish() throws -> StoredContent {
        let digest = hasher.finalize().hexString
        if let spill {
            return StoredContent(storage: .file(path: try spill.keep()), size: size, sha1: digest)
        }
        return StoredContent(storage: .memory(buffer), size: size, sha1: digest)
    }
}

/// A temporary file a ``ContentSink`` spills into: created new with mode 0600 (never an
/// existing file, never readable by other users) and deleted when the last reference goes,
/// unless ``keep()`` handed it on.
private final class SpillFile {
    let path: String
    let handle: FileHandle
    private var kept = false

    init(directory: String) throws {
        let separator = directory.hasSuffix("/") ? "" : "/"
        path = directory + separator + "boxlike-\(UUID().uuidString).bin"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ContentError.unwritable }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    }

    /// Closes the file and gives up deleting it: the caller owns the path from now on.
    func keep() throws -> String {
        try handle.close()
        kept = true
        return path
    }

    deinit {
        guard !kept else { return }
        try? handle.close()
        unlink(path)
    }
}

extension Sequence where Element == UInt8 {
    var hexString: String {
        map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}

extension Digest {
    var hexString: String { Array(self).hexString }
}

extension Data {
    init?(hexString: String) {
        var bytes: [UInt8] = []
        var iterator = hexString.makeIterator()
        while let high = iterator.next() {
            guard let low = iterator.next(), let byte = UInt8(String([high, low]), radix: 16) else { return nil }
            bytes.append(byte)
        }
        self.init(bytes)
    }
}
