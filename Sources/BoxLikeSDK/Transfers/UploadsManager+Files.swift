import Foundation

/// The attributes part of an upload.
extension UploadsManager {
    /// Uploads a file from disk in one request, streamed from the file (never read whole
    /// into memory), with its SHA-1 sent as `Content-MD5` so the server can check it.
    /// A retried attempt reopens the file.
    ///
    /// ```swift
    /// let files = try await client.uploads.uploadFile(from: url, name: "report.pdf", parentFolderId: "0")
    /// ```
    ///
    /// - Parameters:
    ///   - fileURL: The file to send.
    ///   - name: The name of the new file.
    ///   - parentFolderId: The folder to put it in (`"0"` is the root).
    ///   - progress: Receives progress reports as bytes are sent.
    public func uploadFile(
        from fileURL: URL,
        name: String,
        parentFolderId: String,
        progress: ProgressReporter? = nil
    ) async throws -> Files {
        let source = try ByteSource.file(at: fileURL)
        let digest = try await SHA1Hasher.digest(of: source)
        return try await uploadFile(source, name: name, parentFolderId: parentFolderId, sha1: digest, progress: progress)
    }

    /// Uploads bytes from any source (a file, memory, or an `AsyncSequence` of chunks) in
    /// one request, streamed.
    ///
    /// - Parameters:
    ///   - source: The content. A one-shot sequence source cannot be retried once sending
    ///     started.
    ///   - name: The name of the new file.
    ///   - parentFolderId: The folder to put it in.
    ///   - sha1: The content's SHA-1, if known, for the server to check.
    ///   - progress: Receives progress reports as bytes are sent.
    public func uploadFile(
        _ source: ByteSource,
        name: String,
        parentFolderId: String,
        sha1: ContentDigest? = nil,
        progress: ProgressReporter? = nil
    ) async throws -> Files {
        defer { progress?.finish() }
        return try await uploadFile(
            requestBody: UploadFileRequestBody(
                attributes: UploadFileRequestBodyAttributesField(
                    name: name, parent: UploadFileRequestBodyAttributesParentField(id: parentFolderId)),
                file: source.reportingProgress(to: progress),
                fileFileName: name
            ),
            headers: UploadFileHeaders(contentMd5: sha1?.hex)
        )
    }
}
