import Foundation

/// Reads a region of a file as a sequence of chunks, opening the file when iteration
/// starts and closing it when the iterator goes away.
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
        var handle: FileHandle?
        var remaining: Int64
        var finished = false

        init(reader: FileChunkReader) {
            self.reader = reader
            self.remaining = reader.length
        }

        mutating func next() async throws -> ArraySlice<UInt8>? {
            guard !finished else { return nil }
            if remaining <= 0 {
                finish()
                return nil
            }
            let file = try openedHandle()
            let wanted = Int(Swift.min(Int64(reader.chunkSize), remaining))
            let data: Data?
            do {
                data = try file.read(upToCount: wanted)
            } catch {
                finish()
                throw ByteSourceError.unreadableFile(path: reader.path, reason: String(describing: error))
            }
            guard let data, !data.isEmpty else {
                finish()
                throw ByteSourceError.fileShrank(path: reader.path)
            }
            remaining -= Int64(data.count)
            return ArraySlice(data)
        }

        private mutating func openedHandle() throws -> FileHandle {
            if let handle { return handle }
            do {
                let opened = try FileHandle(forReadingFrom: URL(fileURLWithPath: reader.path))
                try opened.seek(toOffset: UInt64(reader.offset))
                handle = opened
                return opened
            } catch {
                finished = true
                throw ByteSourceError.unreadableFile(path: reader.path, reason: String(describing: error))
            }
        }

        private mutating func finish() {
            finished = true
            try? handle?.close()
            handle = nil
        }
    }
}
