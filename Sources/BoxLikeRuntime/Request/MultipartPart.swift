import Foundation
import OpenAPIRuntime

/// One part of a `multipart/form-data` body.
///
/// ```swift
/// let parts = [
///     try MultipartPart.json(name: "attributes", value: attributes),
///     MultipartPart(name: "file", filename: "report.pdf", source: try .file(at: url)),
/// ]
/// ```
package struct MultipartPart: Sendable {
    /// The form field name.
    package var name: String
    /// The file name sent in `Content-Disposition`, if any.
    package var filename: String?
    /// The part's content type.
    package var contentType: String
    /// The part's bytes.
    package var source: ByteSource

    /// Creates a part.
    package init(name: String, filename: String? = nil,
                contentType: String = "application/octet-stream", source: ByteSource) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.source = source
    }

    /// A part holding a value encoded as JSON.
    package static func json(name: String, value: any Encodable & Sendable) throws -> MultipartPart {
        let data: Data
        do {
            data = try JSONCoding.encoder.encode(value)
        } catch {
            throw RequestBodyError.unencodable(String(describing: error))
        }
        return MultipartPart(name: name, contentType: "application/json", source: .bytes(Array(data)))
    }

    /// A part holding text.
    package static func text(name: String, value: String) -> MultipartPart {
        MultipartPart(name: name, contentType: "text/plain; charset=utf-8", source: .bytes(Array(value.utf8)))
    }

    /// Whether the part can be sent again.
    package var isReplayable: Bool { source.isReplayable }
}

/// Lays out parts between boundaries and streams them one after another.
struct MultipartEncoder {
    let body: HTTPBody
    let contentType: String
    let length: Int64?

    init(parts: [MultipartPart], boundary: String = "boxlike-" + UUID().uuidString) throws {
        var segments: [Segment] = []
        var total: Int64? = 0
        func add(_ bytes: [UInt8]) {
            segments.append(.bytes(bytes[...]))
            total = total.map { $0 + Int64(bytes.count) }
        }
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quote(part.name))\""
            if let filename = part.filename {
                head += "; filename=\"\(Self.quote(filename))\""
            }
            // A content type is a header value: a line break in it would start a header or a
            // part of the caller's choosing (RFC 9110 §5.5 forbids CR, LF and NUL there).
            guard !part.contentType.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
                throw RequestBodyError.invalidPartContentType(part: part.name)
            }
            head += "\r\nContent-Type: \(part.contentType)\r\n\r\n"
            add(Array(head.utf8))
            segments.append(.stream(try part.source.makeStream()))
            if let length = part.source.length {
                total = total.map { $0 + length }
            } else {
                total = nil
            }
            add(Array("\r\n".utf8))
        }
        add(Array("--\(boundary)--\r\n".utf8))
        self.contentType = "multipart/form-data; boundary=\(boundary)"
        self.length = total
        self.body = HTTPBody(
            SegmentSequence(segments: segments),
            length: total.map { .known($0) } ?? .unknown,
            iterationBehavior: .single
        )
    }

    /// Escapes a quoted-string parameter (RFC 7578 §4.2): quotes and line breaks must not
    /// end the header early.
    static func quote(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    enum Segment: Sendable {
        case bytes(ArraySlice<UInt8>)
        case stream(HTTPBody)
    }

    /// Yields each segment's bytes in order, pulling from one part's stream at a time.
    struct SegmentSequence: AsyncSequence, Sendable {
        typealias Element = ArraySlice<UInt8>
        let segments: [Segment]

        func makeAsyncIterator() -> Iterator { Iterator(segments: segments[...]) }

        struct Iterator: AsyncIteratorProtocol {
            var segments: ArraySlice<Segment>
            var current: HTTPBody.AsyncIterator?

            mutating func next() async throws -> ArraySlice<UInt8>? {
                while true {
                    if var iterator = current {
                        if let chunk = try await iterator.next() {
                            current = iterator
                            return chunk
                        }
                        current = nil
                    }
                    guard let segment = segments.popFirst() else { return nil }
                    switch segment {
                    case .bytes(let bytes): return bytes
                    case .stream(let body): current = body.makeAsyncIterator()
                    }
                }
            }
        }
    }
}
