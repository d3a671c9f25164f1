import Foundation

// Box's Swift SDK (`BoxSdkGen`) also calls an upload session's operations by the URLs the
// session lists in `session_endpoints`; these take those URLs, under its names, and call the
// operation on the session the URL names.

/// The headers of ``ChunkedUploadsManager/getFileUploadSessionByUrl(url:headers:)``.
public typealias GetFileUploadSessionByUrlHeaders = GetFileUploadSessionByIdHeaders
/// The headers of `ChunkedUploadsManager.uploadFilePartByUrl(url:requestBody:headers:)`.
public typealias UploadFilePartByUrlHeaders = UploadFilePartHeaders
/// The headers of ``ChunkedUploadsManager/deleteFileUploadSessionByUrl(url:headers:)``.
public typealias DeleteFileUploadSessionByUrlHeaders = DeleteFileUploadSessionByIdHeaders
/// The query of ``ChunkedUploadsManager/getFileUploadSessionPartsByUrl(url:queryParams:headers:)``.
public typealias GetFileUploadSessionPartsByUrlQueryParams = GetFileUploadSessionPartsQueryParams
/// The headers of ``ChunkedUploadsManager/getFileUploadSessionPartsByUrl(url:queryParams:headers:)``.
public typealias GetFileUploadSessionPartsByUrlHeaders = GetFileUploadSessionPartsHeaders
/// The body of ``ChunkedUploadsManager/createFileUploadSessionCommitByUrl(url:requestBody:headers:)``.
public typealias CreateFileUploadSessionCommitByUrlRequestBody = CreateFileUploadSessionCommitRequestBody
/// The headers of ``ChunkedUploadsManager/createFileUploadSessionCommitByUrl(url:requestBody:headers:)``.
public typealias CreateFileUploadSessionCommitByUrlHeaders = CreateFileUploadSessionCommitHeaders

extension ChunkedUploadsManager {
    /// The upload session whose URL (`session_endpoints.status`) is given.
    public func getFileUploadSessionByUrl(
        url: String,
        headers: GetFileUploadSessionByUrlHeaders = GetFileUploadSessionByUrlHeaders()
    ) async throws -> UploadSession {
        try await getFileUploadSessionById(uploadSessionId: try Self.uploadSessionId(in: url), headers: headers)
    }

    /// Uploads one part to the session whose URL (`session_endpoints.upload_part`) is given.
    public func uploadFilePartByUrl(
        url: String,
        requestBody: ByteSource,
        headers: UploadFilePartByUrlHeaders
    ) async throws -> UploadedPart {
        try await uploadFilePart(uploadSessionId: try Self.uploadSessionId(in: url), requestBody: requestBody, headers: headers)
    }

    /// Uploads one part, read from `requestBody` (Box's SDK takes a Foundation `InputStream`),
    /// to the session whose URL is given. The part is read whole before it is sent: a part is
    /// at most the session's `part_size`.
    ///
    /// - Throws: `BoxSDKError` of kind `BoxSDKError.Kind.invalidArgument` when the stream
    ///   cannot be read, before anything is sent.
    public func uploadFilePartByUrl(
        url: String,
        requestBody: InputStream,
        headers: UploadFilePartByUrlHeaders
    ) async throws -> UploadedPart {
        let bytes = try Self.readAll(requestBody)
        return try await uploadFilePartByUrl(url: url, requestBody: .bytes(bytes), headers: headers)
    }

    /// Aborts the session whose URL (`session_endpoints.abort`) is given.
    public func deleteFileUploadSessionByUrl(
        url: String,
        headers: DeleteFileUploadSessionByUrlHeaders = DeleteFileUploadSessionByUrlHeaders()
    ) async throws {
        try await deleteFileUploadSessionById(uploadSessionId: try Self.uploadSessionId(in: url), headers: headers)
    }

    /// The parts uploaded so far to the session whose URL (`session_endpoints.list_parts`) is given.
    public func getFileUploadSessionPartsByUrl(
        url: String,
        queryParams: GetFileUploadSessionPartsByUrlQueryParams = GetFileUploadSessionPartsByUrlQueryParams(),
        headers: GetFileUploadSessionPartsByUrlHeaders = GetFileUploadSessionPartsByUrlHeaders()
    ) async throws -> UploadParts {
        try await getFileUploadSessionParts(uploadSessionId: try Self.uploadSessionId(in: url), queryParams: queryParams, headers: headers)
    }

    /// Commits the session whose URL (`session_endpoints.commit`) is given.
    public func createFileUploadSessionCommitByUrl(
        url: String,
        requestBody: CreateFileUploadSessionCommitByUrlRequestBody,
        headers: CreateFileUploadSessionCommitByUrlHeaders
    ) async throws -> Files {
        try await createFileUploadSessionCommit(uploadSessionId: try Self.uploadSessionId(in: url), requestBody: requestBody, headers: headers)
    }

    /// The session id in one of its URLs (`.../files/upload_sessions/{id}` and what follows).
    static func uploadSessionId(in url: String) throws -> String {
        let segments = URL(string: url)?.pathComponents ?? []
        guard let index = segments.firstIndex(of: "upload_sessions"), index > 0, segments[index - 1] == "files",
              index + 1 < segments.count, !segments[index + 1].isEmpty else {
            throw BoxSDKError(.invalidArgument, "'\(url)' is not the URL of an upload session.")
        }
        return segments[index + 1]
    }

    /// Everything `stream` holds, read in 64 KiB chunks.
    static func readAll(_ stream: InputStream) throws -> [UInt8] {
        if stream.streamStatus == .notOpen { stream.open() }
        defer { stream.close() }
        var bytes: [UInt8] = []
        while let chunk = try InputStreamChunks.read(stream, upTo: 64 * 1024) { bytes += chunk }
        return bytes
    }
}
