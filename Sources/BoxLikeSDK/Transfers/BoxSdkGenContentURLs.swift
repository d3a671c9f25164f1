import BoxLikeRuntime
import Foundation
import HTTPTypes

// Box's Swift SDK (`BoxSdkGen`) can tell where a file's content or thumbnail is without
// downloading it: the URL the API redirects to. These are those calls, under its names.

/// The query parameters of ``DownloadsManager/getDownloadFileUrl(fileId:queryParams:headers:)``.
public typealias GetDownloadFileUrlQueryParams = DownloadFileQueryParams
/// The headers of ``DownloadsManager/getDownloadFileUrl(fileId:queryParams:headers:)``.
public typealias GetDownloadFileUrlHeaders = DownloadFileHeaders
/// The image format of ``FilesManager/getFileThumbnailUrl(fileId:extension_:queryParams:headers:)``.
public typealias GetFileThumbnailUrlExtension = GetFileThumbnailByIdExtension
/// The query parameters of ``FilesManager/getFileThumbnailUrl(fileId:extension_:queryParams:headers:)``.
public typealias GetFileThumbnailUrlQueryParams = GetFileThumbnailByIdQueryParams
/// The headers of ``FilesManager/getFileThumbnailUrl(fileId:extension_:queryParams:headers:)``.
public typealias GetFileThumbnailUrlHeaders = GetFileThumbnailByIdHeaders

extension DownloadsManager {
    /// The URL a file's content can be downloaded from: where `GET /files/{id}/content`
    /// redirects, without following it. The URL needs no token and works for a short time.
    ///
    /// ```swift
    /// let url = try await client.downloads.getDownloadFileUrl(fileId: "123")
    /// ```
    public func getDownloadFileUrl(
        fileId: String,
        queryParams: GetDownloadFileUrlQueryParams = GetDownloadFileUrlQueryParams(),
        headers: GetDownloadFileUrlHeaders = GetDownloadFileUrlHeaders()
    ) async throws -> String {
        let answer = try await DownloadsManager(executor: RedirectLocationExecutor(base: executor))
            .downloadFile(fileId: fileId, queryParams: queryParams, headers: headers)
        return try await RedirectLocationExecutor.location(in: answer)
    }
}

extension FilesManager {
    /// The URL of a file's thumbnail: where `GET /files/{id}/thumbnail.{extension}` redirects
    /// once the thumbnail is made (while it is being made, the API's `Retry-After` is waited
    /// out), without following it.
    ///
    /// ```swift
    /// let url = try await client.files.getFileThumbnailUrl(fileId: "123", extension_: .png)
    /// ```
    public func getFileThumbnailUrl(
        fileId: String,
        extension_: GetFileThumbnailUrlExtension,
        queryParams: GetFileThumbnailUrlQueryParams = GetFileThumbnailUrlQueryParams(),
        headers: GetFileThumbnailUrlHeaders = GetFileThumbnailUrlHeaders()
    ) async throws -> String {
        let answer = try await FilesManager(executor: RedirectLocationExecutor(base: executor))
            .getFileThumbnailById(fileId: fileId, extension: extension_, queryParams: queryParams, headers: headers)
        return try await RedirectLocationExecutor.location(in: answer)
    }
}

/// Sends a manager's download request but stops at its redirect, answering with the
/// redirect's `Location` as the body: the generated request is reused to learn a URL.
struct RedirectLocationExecutor: RequestExecutor {
    let base: any RequestExecutor

    var clock: ExecutorClock { base.clock }

    func execute(_ request: RequestDescription) async throws -> APIResponse {
        let location = try await base.location(request)
        return APIResponse(status: .ok, headerFields: HTTPFields(), stream: ByteStream(bytes: Array(location.utf8)),
                           operationId: request.operationId)
    }

    /// The location an answer of this executor carries.
    static func location(in answer: ByteStream) async throws -> String {
        String(decoding: try await answer.collect(upTo: 64 * 1024), as: UTF8.self)
    }
}
