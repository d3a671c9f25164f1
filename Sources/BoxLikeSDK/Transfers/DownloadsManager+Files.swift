import Foundation
import HTTPTypes
import NIOCore

/// A file written by ``DownloadsManager/downloadFile(fileId:to:version:verifyChecksum:progress:)``.
public struct DownloadedFile: Sendable, Hashable {
    /// Where the content was written.
    public let url: URL
    /// How many bytes were written.
    public let size: Int64
    /// The SHA-1 of what was written.
    public let sha1: ContentDigest
    /// Whether the content was checked against a SHA-1 the server announced.
    public let checksum: ChecksumCheck

    /// What a download's SHA-1 was compared with.
    public enum ChecksumCheck: Sendable, Hashable {
        /// The server announced a SHA-1 and the content has it.
        case matched
        /// A check was asked for, but the API announced no SHA-1 on its own response (Box's
        /// announces none): compare ``DownloadedFile/sha1`` with the file's `sha1` field yourself.
        case notAnnounced
        /// No check was asked for.
        case notRequested
    }
}

extension DownloadsManager {
    /// Streams a file's content, reporting progress as the bytes arrive.
    ///
    /// The API answers with a redirect to a download location; the SDK follows it without
    /// sending your credentials there.
    ///
    /// ```swift
    /// for try await chunk in try await client.downloads.downloadFile(fileId: "123", progress: reporter) {
    ///     consume(chunk)
    /// }
    /// ```
    public func downloadFile(
        fileId: String,
        version: String? = nil,
        range: String? = nil,
        progress: ProgressReporter?
    ) async throws -> ByteStream {
        let stream = try await downloadFile(
            fileId: fileId,
            queryParams: DownloadFileQueryParams(version: version),
            headers: DownloadFileHeaders(range: range)
        )
        return stream.reportingProgress(to: progress)
    }

    /// Downloads a file's content to `destination`, streaming it to disk.
    ///
    /// The content goes to a temporary file beside `destination` that replaces it only when
    /// the download is complete (and, with `verifyChecksum`, its SHA-1 matches the one the
    /// server announced), so a failed, cancelled or corrupt download never leaves a partial
    /// file under the destination's name.
    ///
    /// ```swift
    /// let file = try await client.downloads.downloadFile(fileId: "123", to: URL(fileURLWithPath: "/tmp/a.pdf"))
    /// print(file.size, file.sha1)
    /// ```
    ///
    /// The SHA-1 checked against is the one the API's own response announces; what the
    /// download location it redirects to announces is not trusted, as it would vouch for its
    /// own bytes. When the API announces no SHA-1, the file is written unchecked and the
    /// result's ``DownloadedFile/checksum`` says ``DownloadedFile/ChecksumCheck/notAnnounced``.
    ///
    /// - Throws: `BoxSDKError` of kind `BoxSDKError.Kind.integrity` when the SHA-1 differs,
    ///   besides the usual API and network errors.
    @discardableResult
    public func downloadFile(
        fileId: String,
        to destination: URL,
        version: String? = nil,
        verifyChecksum: Bool = true,
        progress: ProgressReporter? = nil
    ) async throws -> DownloadedFile {
        let stream = try await downloadFile(fileId: fileId, queryParams: DownloadFileQueryParams(version: version))
        // The API's own response vouches for the content, never the location it redirected to.
        let expected = Self.announcedDigest(stream.apiResponseHeaders)
        let writer = try AtomicFileWriter(destination: destination)
        var hasher = SHA1Hasher()
        var size: Int64 = 0
        let total = stream.expectedLength
        progress?.report(TransferProgress(completedBytes: 0, totalBytes: total))
        // Each batch of the buffers the connection filled is written to the file by a task of
        // its own while this one hashes it, so writing and hashing overlap; a batch's write
        // starts after the one before it has ended, and this task waits for it before taking
        // the next batch, so at most two batches are held.
        var pendingWrite: Task<Void, any Error>?
        do {
            try await stream.forEachBatch(minimumBytes: Self.writeBatchBytes) { batch in
                let previous = pendingWrite
                pendingWrite = Task {
                    try await previous?.value
                    try writer.write(batch)
                }
                for buffer in batch {
                    buffer.withUnsafeReadableBytes { hasher.update($0) }
                    size += Int64(buffer.readableBytes)
                }
                progress?.report(TransferProgress(completedBytes: size, totalBytes: total))
                try await previous?.value
            }
            try await pendingWrite?.value
        } catch {
            // No write may still be running when the file is closed and removed.
            _ = try? await pendingWrite?.value
            writer.discard()
            progress?.finish()
            throw error
        }
        let digest = hasher.finalize()
        if verifyChecksum, let expected, expected != digest {
            writer.discard()
            progress?.finish()
            throw BoxSDKError(.integrity, "The downloaded content of file \(fileId) has SHA-1 \(digest.hex), but the server announced \(expected.hex).")
        }
        try writer.commit()
        progress?.finish()
        let checksum: DownloadedFile.ChecksumCheck = !verifyChecksum ? .notRequested : expected == nil ? .notAnnounced : .matched
        return DownloadedFile(url: destination, size: size, sha1: digest, checksum: checksum)
    }

    /// How many bytes ``downloadFile(fileId:to:version:verifyChecksum:progress:)`` hands to
    /// a write at a time.
    static let writeBatchBytes = 1 << 20

    /// The SHA-1 a download response announces, from `Digest: sha=<base64>` or a SHA-1
    /// header.
    static func announcedDigest(_ headers: HTTPFields) -> ContentDigest? {
        for name in ["Digest", "X-BoxLike-SHA1", "Content-SHA1"] {
            if let field = HTTPField.Name(name), let value = headers[field], let digest = ContentDigest.parse(value) {
                return digest
            }
        }
        return nil
    }
}
