import AsyncHTTPClient
import Foundation
import NIOCore

/// Testing support, not part of the server product's API (it has `package` access): plays
/// someone without a Box account on a file request's upload page the way a browser would:
/// opens the page, then posts its form with a file (and the email and description the request
/// asks for), so tests, samples and the demo can fill a folder through a file request.
///
/// ```swift
/// let request = try await client.fileRequests.getFileRequestById(fileRequestId: id)
/// let driver = try FileRequestDriver(origin: server.origin, url: #require(request.url))
/// try await driver.upload(fileName: "receipt.pdf", content: Data("…".utf8), email: "ann@example.com")
/// ```
package struct FileRequestDriver: Sendable {
    /// The upload page's absolute address (`…/f/{token}`).
    package let link: String
    /// How the page is reached.
    private let transport: PageTransport

    /// A driver for the page at `link`, an absolute address.
    package init(link: String, via transport: PageTransport = .http) {
        self.link = link
        self.transport = transport
    }

    /// A driver for a request's `url`, which Box gives relative to its web origin (`/f/…`):
    /// a relative `url` is joined to the server's `origin`.
    package init(origin: String, url: String, via transport: PageTransport = .http) {
        self.transport = transport
        if url.hasPrefix("http://") || url.hasPrefix("https://") {
            self.link = url
        } else {
            let base = origin.hasSuffix("/") ? String(origin.dropLast()) : origin
            self.link = base + (url.hasPrefix("/") ? url : "/" + url)
        }
    }

    /// Opens the upload page: its form while the request takes uploads.
    ///
    /// - Throws: ``PageDriverError/refused(status:code:)`` when the page is unavailable
    ///   (an inactive, expired or deleted request).
    @discardableResult
    package func open() async throws -> SignInDriver.Page {
        try await SignInDriver.fetch(link, via: transport).accepted()
    }

    /// Uploads `content` as `fileName` through the page's form and returns the thank-you page.
    ///
    /// - Throws: ``PageDriverError/refused(status:code:)`` when the server refuses:
    ///   404 `not_found` for a request that takes no uploads, 400 `email_required` or
    ///   `description_required` for a missing field the request requires.
    @discardableResult
    package func upload(fileName: String, content: Data, email: String? = nil, description: String? = nil) async throws -> SignInDriver.Page {
        let boundary = "boxlike-form-\(UUID().uuidString)"
        var body = ByteBuffer()
        func field(_ name: String, _ value: String) {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        if let email { field("email", email) }
        if let description { field("description", description) }
        let safeName = fileName.replacingOccurrences(of: "\"", with: "")
        body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(safeName)\"\r\n")
        body.writeString("Content-Type: application/octet-stream\r\n\r\n")
        body.writeBytes(content)
        body.writeString("\r\n--\(boundary)--\r\n")
        return try await SignInDriver.send(
            method: .post, url: link, headers: [("Content-Type", "multipart/form-data; boundary=\(boundary)")],
            body: Array(body.readableBytesView), via: transport).accepted()
    }
}
