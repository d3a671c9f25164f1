import Foundation
import Hummingbird

/// Reads the upload page's form as a browser posts it (`multipart/form-data`): the `file`
/// part streams into a ``ContentSink``; `email` and `description` are short text parts.
enum FileRequestForm {
    /// The most text an `email` or `description` part may hold.
    static let textLimit = 16 * 1024
    /// What a form may carry besides its file: part headers, boundaries, the text parts and
    /// parts the page does not have.
    static let formOverheadLimit = 1024 * 1024

    /// Reads the form, refusing it as soon as the file passes `maximumFileSize` (the folder
    /// owner's upload limit) or the whole body passes that plus ``formOverheadLimit``: the rest
    /// of the body is never read, and a file spilled to disk so far is deleted.
    ///
    /// - Throws: 413 `file_size_limit_exceeded` past the limit; 400 for a form that cannot be read.
    static func receive(
        _ request: Request, spillThreshold: Int, spillDirectory: String?, maximumFileSize: Int
    ) async throws -> FileRequestSubmission {
        guard let contentType = request.headers[.contentType], contentType.lowercased().hasPrefix("multipart/form-data"),
              let boundary = MultipartStream.boundary(fromContentType: contentType)
        else { throw ServerErrorResponse.badRequest("The form must be sent as multipart/form-data") }
        guard var parser = try? MultipartStream(boundary: boundary) else {
            throw ServerErrorResponse.badRequest("The form could not be read: the boundary must be 1 to 70 characters")
        }
        var texts: [String: [UInt8]] = [:]
        var fileName: String?
        var sink: ContentSink?
        var content: StoredContent?
        var current: String?
        var received = 0
        let bodyLimit = maximumFileSize > Int.max - formOverheadLimit ? Int.max : maximumFileSize + formOverheadLimit
        let tooLarge = ServerErrorResponse(.contentTooLarge, code: "file_size_limit_exceeded", message: "File is too big")
        do {
            for try await chunk in request.body {
                received += chunk.readableBytes
                if received > bodyLimit { throw tooLarge }
                for event in try parser.feed(chunk) {
                    switch event {
                    case .headers(let headers):
                        current = MultipartStream.partName(headers)
                        if current == "file" {
                            guard content == nil else { throw ServerErrorResponse.badRequest("Send one file per upload") }
                            fileName = MultipartStream.partFilename(headers).map(Self.lastPathComponent)
                            sink = ContentSink(spillThreshold: spillThreshold, directory: spillDirectory)
                        }
                    case .data(let bytes):
                        if current == "file" {
                            try sink?.append(bytes)
                            if let size = sink?.size, size > maximumFileSize { throw tooLarge }
                        } else if let name = current, name == "email" || name == "description" {
                            texts[name, default: []].append(contentsOf: bytes.readableBytesView)
                            if texts[name, default: []].count > textLimit { throw ServerErrorResponse.badRequest("The \(name) is too long") }
                        }
                    case .partEnd:
                        if current == "file", let finished = sink.take() { content = try finished.finish() }
                        current = nil
                    }
                }
            }
        } catch let failure as MultipartStream.Failure {
            throw ServerErrorResponse.badRequest("The form could not be read: \(failure)")
        }
        guard let content, let fileName, !fileName.isEmpty else {
            throw ServerErrorResponse.badRequest("Choose a file to upload", code: "file_required")
        }
        return FileRequestSubmission(
            fileName: fileName, content: content,
            email: texts["email"].map { String(decoding: $0, as: UTF8.self) },
            description: texts["description"].map { String(decoding: $0, as: UTF8.self) })
    }

    /// Browsers may send a full local path as the file name; only its last part is the name.
    private static func lastPathComponent(_ name: String) -> String {
        String(name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? "")
    }
}
