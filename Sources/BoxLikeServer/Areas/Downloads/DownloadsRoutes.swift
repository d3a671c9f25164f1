import Foundation
import HTTPTypes
import Hummingbird

/// `GET /2.0/files/{id}/content` (a 302 to a content URL) and the content URLs themselves,
/// `/dl/{ticket}` and `/shared/static/{token}`, which need no bearer token.
struct DownloadsRoutes: ServerArea, DownloadsOperations {
    let services: ServerServices

    /// Header carrying the hex SHA-1 of the whole file on content responses.
    static let sha1Header = HTTPField.Name.boxLikeSHA1

    func downloadFile(_ input: OperationInput) async throws -> Response {
        let digests = services.configuration.announcesContentDigests
        let outcome = try await state.prepareDownload(
            fileId: try input.path("file_id"), versionId: input.query["version"], principal: input.principal)
        switch outcome {
        case .notReady:
            var headers = HTTPFields()
            headers[.retryAfter] = "1"
            return Responses.empty(.accepted, headers: headers)
        case .ticket(let ticket):
            var response = Responses.redirect(to: "\(await state.origin)/dl/\(ticket)")
            // The API's own answer announces the SHA-1, so a client need not take the
            // download location's word for the bytes that location serves.
            if digests, let (_, version) = await state.redeem(ticket: ticket) {
                response.headers[Self.sha1Header] = version.content.sha1
                response.headers[.digest] = "sha=\(version.content.sha1Base64)"
            }
            return response
        }
    }

    /// Registers the pages this area serves outside the API (no bearer token).
    func registerPages(on router: BoxRouter) {
        let digests = services.configuration.announcesContentDigests
        let clock = services.configuration.clock
        router.get("/dl/:ticket") { request, context in
            guard let (file, version) = await state.redeem(ticket: try context.pathParameter("ticket")) else {
                throw ServerErrorResponse.notFound("download")
            }
            return try Self.serve(version.content, name: file.name, etag: file.etag, request: request, digests: digests)
        }
        router.get("/shared/static/:token") { request, context in
            var token = try context.pathParameter("token")
            if let dot = token.firstIndex(of: ".") { token = String(token[..<dot]) }
            // Whoever asks here is anonymous: only an open link that has not expired, needs no
            // password and allows downloads serves its file.
            guard let item = await state.sharedItem(token: token), item.type == .file,
                  let shared = await state.items[item], let link = shared.sharedLink, link.canDownload, link.password == nil,
                  link.access == "open", (link.unsharedAt.map { $0 > clock.now() } ?? true),
                  let content = shared.file?.currentVersion.content
            else { throw ServerErrorResponse.notFound("shared file") }
            return try Self.serve(content, name: shared.name, etag: shared.etag, request: request, digests: digests)
        }
    }

    /// Serves content with `Range` support: 200, 206 with `Content-Range`, or 416.
    static func serve(_ content: StoredContent, name: String, etag: Int, request: Request, digests: Bool = true) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/octet-stream"
        headers[.acceptRanges] = "bytes"
        headers[.contentDisposition] = "attachment; filename=\"\(name.replacingOccurrences(of: "\"", with: ""))\""
        if digests {
            headers[sha1Header] = content.sha1
            headers[.digest] = "sha=\(content.sha1Base64)"
        }
        headers[.eTag] = "\"\(etag)\""
        let size = content.size
        var range = 0..<size
        var status = HTTPResponse.Status.ok
        if let header = request.headers[.range] {
            guard let requested = ByteRange.parse(header, size: size) else {
                headers[.contentRange] = "bytes */\(size)"
                throw ServerErrorResponse(.rangeNotSatisfiable, code: "requested_range_not_satisfiable", message: "The requested range is not satisfiable", headers: headers)
            }
            range = requested
            status = .partialContent
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)"
        }
        headers[.contentLength] = String(range.count)
        let served = range
        let body = ResponseBody(contentLength: served.count) { writer in
            try await content.read(range: served) { chunk in try await writer.write(chunk) }
            try await writer.finish(nil)
        }
        return Response(status: status, headers: headers, body: body)
    }
}

/// `Range: bytes=...` for a single range.
enum ByteRange {
    static func parse(_ header: String, size: Int) -> Range<Int>? {
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes="), !text.contains(",") else { return nil }
        let spec = text.dropFirst(6)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else { return nil }
        if parts[0].isEmpty {
            guard let suffix = Int(parts[1]), suffix > 0, size > 0 else { return nil }
            return max(0, size - suffix)..<size
        }
        guard let start = Int(parts[0]), start >= 0, start < size else { return nil }
        if parts[1].isEmpty { return start..<size }
        guard let end = Int(parts[1]), end >= start else { return nil }
        // `end` may be as large as an `Int` holds: compare before adding one.
        return start..<(end >= size - 1 ? size : end + 1)
    }
}
