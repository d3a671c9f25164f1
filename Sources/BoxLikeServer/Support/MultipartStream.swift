import Hummingbird
import Foundation
import MultipartKit
import NIOCore

/// The request side of `multipart/form-data` uploads: the body, fed chunk by chunk, comes out
/// as part headers and part bytes, without holding whole parts in memory.
///
/// The parsing itself is MultipartKit's (vapor/multipart-kit); this adapter turns its
/// callbacks into events and adds the limits a server needs against hostile bodies, kept here
/// in one place:
/// - ``headerLimit``: bytes a body may spend before the first part, or in one part's headers,
///   without any part data (MultipartKit collects header lines without a bound);
/// - a boundary must be 1 to 70 characters (RFC 2046), which MultipartKit requires (it traps
///   on an empty one).
/// Callers bound the total size of what they accept.
struct MultipartStream {
    enum Event {
        case headers([String: String])
        case data(ByteBuffer)
        case partEnd
    }

    enum Failure: Error {
        case malformed(String)
    }

    /// Bytes without part data that are accepted before a part's headers end.
    static let headerLimit = 16 * 1024

    /// What MultipartKit's callbacks report, collected for ``feed(_:)`` to hand out.
    private final class Collector {
        var events: [Event] = []
        var headers: [String: String] = [:]
        var headersSent = false
        var completedParts = 0
        var sawPartData = false
        /// Bytes of header lines in the current part.
        var headerBytes = 0
        /// Whether a part's header lines went past ``MultipartStream/headerLimit``.
        var headersOverflowed = false

        func openPart() {
            guard !headersSent else { return }
            events.append(.headers(headers))
            headers = [:]
            headersSent = true
            headerBytes = 0
        }
    }

    private let parser: MultipartKit.MultipartParser
    private let collector = Collector()
    private let closingDelimiter: [UInt8]
    /// The last bytes of the body, to tell a complete body from a cut one.
    private var tail: [UInt8] = []
    private var bytesWithoutData = 0

    /// A stream for `boundary`; a boundary outside 1...70 characters is malformed.
    init(boundary: String) throws {
        guard (1...70).contains(boundary.utf8.count) else { throw Failure.malformed("the boundary must be 1 to 70 characters") }
        parser = MultipartKit.MultipartParser(boundary: boundary)
        closingDelimiter = Array("--\(boundary)--".utf8)
        let collector = self.collector
        parser.onHeader = { name, value in
            collector.headers[name.lowercased()] = value
            collector.headerBytes += name.utf8.count + value.utf8.count + 4
            if collector.headerBytes > MultipartStream.headerLimit { collector.headersOverflowed = true }
        }
        parser.onBody = { bytes in
            collector.openPart()
            collector.sawPartData = true
            collector.events.append(.data(bytes))
        }
        parser.onPartComplete = {
            collector.openPart()
            collector.events.append(.partEnd)
            collector.headersSent = false
            collector.sawPartData = true
            collector.completedParts += 1
        }
    }

    /// Whether the body ended with the closing delimiter after at least one part.
    var isComplete: Bool {
        guard collector.completedParts > 0 else { return false }
        var end = tail[...]
        while let last = end.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: "\n") { end = end.dropLast() }
        return end.suffix(closingDelimiter.count).elementsEqual(closingDelimiter)
    }

    /// The boundary from a `Content-Type: multipart/form-data; boundary=...` value.
    static func boundary(fromContentType value: String) -> String? {
        for parameter in value.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    /// Consumes `chunk` and answers what it completed.
    mutating func feed(_ chunk: ByteBuffer) throws -> [Event] {
        collector.sawPartData = false
        do {
            try parser.execute(chunk)
        } catch {
            throw Failure.malformed("the body is not valid multipart/form-data")
        }
        bytesWithoutData = collector.sawPartData ? 0 : bytesWithoutData + chunk.readableBytes
        if bytesWithoutData > Self.headerLimit || collector.headersOverflowed {
            throw Failure.malformed("part headers are too long")
        }
        tail.append(contentsOf: chunk.readableBytesView.suffix(closingDelimiter.count + 4))
        if tail.count > 2 * (closingDelimiter.count + 4) { tail.removeFirst(tail.count - (closingDelimiter.count + 4)) }
        let events = collector.events
        collector.events.removeAll(keepingCapacity: true)
        return events
    }
}

extension MultipartStream {
    /// The `name` of a part from its `Content-Disposition`.
    static func partName(_ headers: [String: String]) -> String? {
        dispositionParameter("name", headers)
    }

    /// The `filename` a browser gives a file part in its `Content-Disposition`.
    static func partFilename(_ headers: [String: String]) -> String? {
        dispositionParameter("filename", headers)
    }

    private static func dispositionParameter(_ wanted: String, _ headers: [String: String]) -> String? {
        guard let disposition = headers["content-disposition"] else { return nil }
        for parameter in disposition.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == wanted {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}

extension MultipartStream {
    /// The bytes of one named part of a multipart body, refusing bodies over `limit`.
    static func part(_ name: String, of request: Request, limit: Int) async throws -> [UInt8] {
        guard let contentType = request.headers[.contentType], let boundary = MultipartStream.boundary(fromContentType: contentType) else {
            throw ServerErrorResponse.badRequest("the body must be multipart/form-data")
        }
        var current: String?
        var bytes: [UInt8] = []
        var total = 0
        do {
            var parser = try MultipartStream(boundary: boundary)
            for try await chunk in request.body {
                total += chunk.readableBytes
                guard total <= limit else { throw ServerErrorResponse.badRequest("The image is larger than 1 MB") }
                for event in try parser.feed(chunk) {
                    switch event {
                    case .headers(let headers): current = MultipartStream.partName(headers)
                    case .data(let data) where current == name: bytes += data.readableBytesView
                    case .data, .partEnd: break
                    }
                }
            }
            guard parser.isComplete, !bytes.isEmpty || current == name else { throw ServerErrorResponse.badRequest("part '\(name)' is required") }
        } catch let failure as MultipartStream.Failure {
            throw ServerErrorResponse.badRequest("malformed multipart body: \(failure)")
        }
        return bytes
    }
}
