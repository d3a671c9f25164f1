import Hummingbird
import Foundation
import NIOCore

/// An incremental `multipart/form-data` parser: fed the request body chunk by chunk, it
/// hands out part headers and part bytes without holding whole parts in memory.
struct MultipartParser {
    enum Event {
        case headers([String: String])
        case data(ByteBuffer)
        case partEnd
    }

    enum Failure: Error {
        case malformed(String)
    }

    private enum Phase {
        case preamble
        case afterBoundary
        case headers
        case body
        case done
    }

    private let openingBoundary: [UInt8]
    private let delimiter: [UInt8]
    private static let headerSeparator = Array("\r\n\r\n".utf8)
    private var buffer = ByteBuffer()
    private var phase = Phase.preamble
    private(set) var isComplete = false

    init(boundary: String) {
        openingBoundary = Array("--\(boundary)".utf8)
        delimiter = Array("\r\n--\(boundary)".utf8)
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

    /// Consumes `chunk`; part bytes are handed out as slices of the buffer, without copying
    /// byte by byte, so large uploads stay fast even in debug builds.
    mutating func feed(_ chunk: ByteBuffer) throws -> [Event] {
        var incoming = chunk
        buffer.writeBuffer(&incoming)
        var events: [Event] = []
        var progressed = true
        while progressed {
            progressed = false
            switch phase {
            case .preamble:
                if let index = Self.find(openingBoundary, in: buffer) {
                    buffer.moveReaderIndex(forwardBy: index + openingBoundary.count)
                    phase = .afterBoundary
                    progressed = true
                } else if buffer.readableBytes > 64 * 1024 {
                    throw Failure.malformed("no multipart boundary found")
                }
            case .afterBoundary:
                guard let marker = buffer.getBytes(at: buffer.readerIndex, length: 2) else { break }
                if marker == [UInt8(ascii: "-"), UInt8(ascii: "-")] {
                    phase = .done
                    isComplete = true
                    buffer.clear()
                } else if marker == [UInt8(ascii: "\r"), UInt8(ascii: "\n")] {
                    buffer.moveReaderIndex(forwardBy: 2)
                    phase = .headers
                    progressed = true
                } else {
                    throw Failure.malformed("unexpected bytes after a boundary")
                }
            case .headers:
                if let index = Self.find(Self.headerSeparator, in: buffer) {
                    let text = buffer.readString(length: index) ?? ""
                    buffer.moveReaderIndex(forwardBy: Self.headerSeparator.count)
                    var headers: [String: String] = [:]
                    for line in text.split(separator: "\r\n") {
                        guard let colon = line.firstIndex(of: ":") else { continue }
                        headers[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] =
                            line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    }
                    events.append(.headers(headers))
                    phase = .body
                    progressed = true
                } else if buffer.readableBytes > 16 * 1024 {
                    throw Failure.malformed("part headers are too long")
                }
            case .body:
                if let index = Self.find(delimiter, in: buffer) {
                    if index > 0, let data = buffer.readSlice(length: index) { events.append(.data(data)) }
                    events.append(.partEnd)
                    buffer.moveReaderIndex(forwardBy: delimiter.count)
                    phase = .afterBoundary
                    progressed = true
                } else if buffer.readableBytes > delimiter.count {
                    // Keep a tail that may be the start of a delimiter split across chunks.
                    if let data = buffer.readSlice(length: buffer.readableBytes - delimiter.count) { events.append(.data(data)) }
                }
            case .done:
                buffer.clear()
            }
        }
        buffer.discardReadBytes()
        return events
    }

    /// The offset of `needle` in the readable bytes of `haystack`, found with `memchr` /
    /// `memcmp`.
    private static func find(_ needle: [UInt8], in haystack: ByteBuffer) -> Int? {
        guard let first = needle.first, haystack.readableBytes >= needle.count else { return nil }
        return haystack.withUnsafeReadableBytes { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            let last = bytes.count - needle.count
            var offset = 0
            while offset <= last {
                guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return nil }
                let position = base.distance(to: UnsafeRawPointer(hit))
                let matches = needle.withUnsafeBytes { pattern in
                    pattern.baseAddress.map { memcmp(base + position, $0, needle.count) == 0 } ?? false
                }
                if matches { return position }
                offset = position + 1
            }
            return nil
        }
    }
}

extension MultipartParser {
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

extension MultipartParser {
    /// The bytes of one named part of a multipart body, refusing bodies over `limit`.
    static func part(_ name: String, of request: Request, limit: Int) async throws -> [UInt8] {
        guard let contentType = request.headers[.contentType], let boundary = MultipartParser.boundary(fromContentType: contentType) else {
            throw ServerErrorResponse.badRequest("the body must be multipart/form-data")
        }
        var parser = MultipartParser(boundary: boundary)
        var current: String?
        var bytes: [UInt8] = []
        var total = 0
        do {
            for try await chunk in request.body {
                total += chunk.readableBytes
                guard total <= limit else { throw ServerErrorResponse.badRequest("The image is larger than 1 MB") }
                for event in try parser.feed(chunk) {
                    switch event {
                    case .headers(let headers): current = MultipartParser.partName(headers)
                    case .data(let data) where current == name: bytes += data.readableBytesView
                    case .data, .partEnd: break
                    }
                }
            }
        } catch let failure as MultipartParser.Failure {
            throw ServerErrorResponse.badRequest("malformed multipart body: \(failure)")
        }
        guard parser.isComplete, !bytes.isEmpty || current == name else { throw ServerErrorResponse.badRequest("part '\(name)' is required") }
        return bytes
    }
}
