import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a region of a file as a sequence of chunks, opening the file when iteration
/// starts and closing it when the iterator goes away.
///
/// Each chunk is read with `pread` straight into the array that is handed on, so a byte
/// is copied once on its way from the page cache to the transport.
struct FileChunkReader: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    let path: String
    let offset: Int64
    let length: Int64
    let chunkSize: Int

    init(path: String, offset: Int64, length: Int64, chunkSize: Int) throws {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ByteSourceError.unreadableFile(path: path, reason: "the file is missing or not readable")
        }
        self.path = path
        self.offset = offset
        self.length = length
        self.chunkSize = chunkSize
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(reader: self)
    }

    struct Iterator: AsyncIteratorProtocol {
        let reader: FileChunkReader
        private var descriptor: Descriptor?
        private var position: Int64
        private var remaining: Int64
        private var finished = false

        init(reader: FileChunkReader) {
            self.reader = reader
            self.position = reader.offset
            self.remaining = reader.length
        }

        mutating func next() async throws -> ArraySlice<UInt8>? {
            guard !finished else { return nil }
            if remaining <= 0 {
                finish()
                return nil
            }
            let file = try openedDescriptor()
            let wanted = Int(Swift.min(Int64(reader.chunkSize), remaining))
            var failure: Int32 = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
                initialized = 0
                while initialized < wanted {
                    let count = pread(file.value, buffer.baseAddress.map { $0 + initialized }, wanted - initialized,
                                      off_t(position + Int64(initialized)))
                    if count > 0 {
                        initialized += count
                    } else if count == 0 {
                        break
                    } else if errno != EINTR {
                        failure = errno
                        break
                    }
                }
            }
            if failure != 0 {
                finish()
                throw ByteSourceError.unreadableFile(path: reader.path, reason: String(cString: strerror(failure)))
            }
            guard !chunk.isEmpty else {
                finish()
                throw ByteSourceError.fileShrank(path: reader.path)
            }
            position += Int64(chunk.count)
            remaining -= Int64(chunk.count)
            return chunk[...]
        }

        private mutating func openedDescriptor() throws -> Descriptor {
            if let descriptor { return descriptor }
            let value = open(reader.path, O_RDONLY | O_CLOEXEC)
            guard value >= 0 else {
                finished = true
                throw ByteSourceError.unreadableFile(path: reader.path, reason: String(cString: strerror(errno)))
            }
            let opened = Descriptor(value: value)
            descriptor = opened
            return opened
        }

        private mutating func finish() {
            finished = true
            descriptor = nil
        }
    }
}

/// An open file descriptor, closed when the last reference goes away (an iterator dropped
/// mid-stream by a cancelled upload closes its file too).
private final class Descriptor {
    let value: Int32

    init(value: Int32) { self.value = value }

    deinit { close(value) }
}
