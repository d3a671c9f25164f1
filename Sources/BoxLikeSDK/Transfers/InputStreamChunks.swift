import Foundation

/// The bytes of a Foundation `InputStream`, read on demand in chunks, as Box's Swift SDK
/// takes content (`uploadBigFile(file: InputStream, ...)`): one pass, opened on the first read
/// and closed at the end or on a read error, which is thrown as `BoxSDKError` of kind
/// `BoxSDKError.Kind.invalidArgument`. Each read blocks its thread for as long as the stream
/// takes to hand over a chunk, so give a stream over a file or memory.
struct InputStreamChunks: AsyncSequence, Sendable {
    typealias Element = [UInt8]

    /// The stream, handed from one reader to the next; `InputStream` is not `Sendable`, and
    /// this box is read by one iterator at a time (a ``ByteSource`` made from it is one-shot).
    final class Stream: @unchecked Sendable {
        let stream: InputStream
        init(_ stream: InputStream) { self.stream = stream }
    }

    let source: Stream
    let chunkSize: Int

    init(_ stream: InputStream, chunkSize: Int = 256 * 1024) {
        self.source = Stream(stream)
        self.chunkSize = Swift.max(1, chunkSize)
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(source: source, chunkSize: chunkSize)
    }

    struct Iterator: AsyncIteratorProtocol {
        let source: Stream
        let chunkSize: Int
        var finished = false

        mutating func next() async throws -> [UInt8]? {
            guard !finished else { return nil }
            let stream = source.stream
            if stream.streamStatus == .notOpen { stream.open() }
            do {
                if let chunk = try InputStreamChunks.read(stream, upTo: chunkSize) { return chunk }
            } catch {
                finished = true
                stream.close()
                throw error
            }
            finished = true
            stream.close()
            return nil
        }
    }

    /// The next chunk of at most `maxLength` bytes of an open `stream`, or `nil` at its end.
    ///
    /// - Throws: ``BoxSDKError`` of kind ``BoxSDKError/Kind/invalidArgument`` when the stream
    ///   cannot be read.
    static func read(_ stream: InputStream, upTo maxLength: Int) throws -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: maxLength)
        let count = chunk.withUnsafeMutableBufferPointer { pointer -> Int in
            guard let base = pointer.baseAddress else { return -1 }
            return stream.read(base, maxLength: pointer.count)
        }
        if count < 0 {
            throw BoxSDKError(.invalidArgument, "The input stream could not be read: \(stream.streamError.map { "\($0)" } ?? "unknown error").")
        }
        if count == 0 { return nil }
        chunk.removeSubrange(count...)
        return chunk
    }
}

extension ChunkedUploadsManager {
    /// Uploads a large file read from `file`, as Box's SDK takes it (same labels), through an
    /// upload session with the default ``ChunkedUploadOptions``: the stream is read once, a
    /// part at a time (each part gathered in memory before it is sent), so memory stays near
    /// a few parts. A file on disk is
    /// better given as a URL (`uploadBigFile(file:fileName:fileSize:parentFolderId:options:)` with a
    /// file URL),
    /// which reads parts in parallel and can resume.
    ///
    /// ```swift
    /// guard let stream = InputStream(fileAtPath: "/tmp/video.mp4") else { return }
    /// let file = try await client.chunkedUploads.uploadBigFile(
    ///     file: stream, fileName: "video.mp4", fileSize: 2_000_000_000, parentFolderId: "0")
    /// ```
    public func uploadBigFile(
        file: InputStream,
        fileName: String,
        fileSize: Int64,
        parentFolderId: String
    ) async throws -> FileFull {
        try await uploadBigFile(file: ByteSource(InputStreamChunks(file), length: fileSize), fileName: fileName,
                                fileSize: fileSize, parentFolderId: parentFolderId)
    }
}
