import Foundation

// The download conveniences of Box's Swift SDK (`BoxSdkGen`), under its names and labels, so a
// program written for it builds here: each writes the content to `downloadDestinationUrl`
// (a file appears there only once complete) and returns that URL.

/// The headers of ``ZipDownloadsManager/downloadZip(requestBody:downloadDestinationUrl:headers:)``.
public typealias DownloadZipHeaders = OperationHeaders

extension DownloadsManager {
    /// Downloads a file's content to `downloadDestinationUrl`.
    ///
    /// ```swift
    /// let url = try await client.downloads.downloadFile(fileId: "123", downloadDestinationUrl: URL(fileURLWithPath: "/tmp/a.pdf"))
    /// ```
    @discardableResult
    public func downloadFile(
        fileId: String,
        downloadDestinationUrl: URL,
        queryParams: DownloadFileQueryParams = DownloadFileQueryParams(),
        headers: DownloadFileHeaders = DownloadFileHeaders()
    ) async throws -> URL {
        try await downloadFile(fileId: fileId, queryParams: queryParams, headers: headers).write(to: downloadDestinationUrl)
        return downloadDestinationUrl
    }
}

extension AvatarsManager {
    /// Downloads a user's avatar image to `downloadDestinationUrl`.
    @discardableResult
    public func getUserAvatar(
        userId: String,
        downloadDestinationUrl: URL,
        headers: GetUserAvatarHeaders = GetUserAvatarHeaders()
    ) async throws -> URL {
        try await getUserAvatar(userId: userId, headers: headers).write(to: downloadDestinationUrl)
        return downloadDestinationUrl
    }
}

extension FilesManager {
    /// Downloads a file's thumbnail to `downloadDestinationUrl`.
    @discardableResult
    public func getFileThumbnailById(
        fileId: String,
        extension_: GetFileThumbnailByIdExtension,
        downloadDestinationUrl: URL,
        queryParams: GetFileThumbnailByIdQueryParams = GetFileThumbnailByIdQueryParams(),
        headers: GetFileThumbnailByIdHeaders = GetFileThumbnailByIdHeaders()
    ) async throws -> URL {
        try await getFileThumbnailById(fileId: fileId, extension: extension_, queryParams: queryParams, headers: headers)
            .write(to: downloadDestinationUrl)
        return downloadDestinationUrl
    }
}

extension ZipDownloadsManager {
    /// Creates a zip download of `requestBody`'s items and writes the archive to
    /// `downloadDestinationUrl`.
    ///
    /// ```swift
    /// let zip = try await client.zipDownloads.downloadZip(
    ///     requestBody: ZipDownloadRequest(items: [ZipDownloadRequestItemsField(type: .file, id: "123")]),
    ///     downloadDestinationUrl: URL(fileURLWithPath: "/tmp/files.zip"))
    /// ```
    @discardableResult
    public func downloadZip(
        requestBody: ZipDownloadRequest,
        downloadDestinationUrl: URL,
        headers: DownloadZipHeaders = DownloadZipHeaders()
    ) async throws -> URL {
        let created = try await createZipDownload(requestBody: requestBody, headers: headers)
        guard let downloadUrl = created.downloadUrl else {
            throw BoxSDKError(.invalidResponse, "The zip download was created without a download URL.")
        }
        return try await getZipDownloadContent(downloadUrl: downloadUrl, downloadDestinationUrl: downloadDestinationUrl)
    }

    /// Writes the archive a zip download's `downloadUrl` names to `downloadDestinationUrl`.
    @discardableResult
    public func getZipDownloadContent(
        downloadUrl: String,
        downloadDestinationUrl: URL,
        headers: GetZipDownloadContentHeaders = GetZipDownloadContentHeaders()
    ) async throws -> URL {
        let id = try Self.zipDownloadId(in: downloadUrl)
        try await getZipDownloadContent(zipDownloadId: id, headers: headers).write(to: downloadDestinationUrl)
        return downloadDestinationUrl
    }

    /// The status of the zip download whose `statusUrl` is given.
    public func getZipDownloadStatus(
        statusUrl: String,
        headers: GetZipDownloadStatusHeaders = GetZipDownloadStatusHeaders()
    ) async throws -> ZipDownloadStatus {
        try await getZipDownloadStatus(zipDownloadId: try Self.zipDownloadId(in: statusUrl), headers: headers)
    }

    /// The zip download's id in one of its URLs (`.../zip_downloads/{id}/content` or `/status`).
    static func zipDownloadId(in url: String) throws -> String {
        let segments = URL(string: url)?.pathComponents ?? []
        guard let index = segments.firstIndex(of: "zip_downloads"), index + 1 < segments.count, !segments[index + 1].isEmpty else {
            throw BoxSDKError(.invalidArgument, "'\(url)' is not the URL of a zip download.")
        }
        return segments[index + 1]
    }
}
