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
    private var buffer: [UInt8] = []
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

    mutating func feed(_ chunk: ByteBuffer) throws -> [Event] {
        buffer.append(contentsOf: chunk.readableBytesView)
        var events: [Event] = []
        var progressed = true
        while progressed {
            progressed = false
            switch phase {
            case .preamble:
                if let index = Self.find(openingBoundary, in: buffer) {
                    buffer.removeSubrange(0..<(index + openingBoundary.count))
                    phase = .afterBoundary
                    progressed = true
                } else if buffer.count > 64 * 1024 {
                    throw Failure.malformed("no multipart boundary found")
                }
            case .afterBoundary:
                guard buffer.count >= 2 else { break }
                if buffer[0] == UInt8(ascii: "-") && buffer[1] == UInt8(ascii: "-") {
                    phase = .done
                    isComplete = true
                    buffer.removeAll()
                } else if buffer[0] == UInt8(ascii: "\r") && buffer[1] == UInt8(ascii: "\n") {
                    buffer.removeFirst(2)
                    phase = .headers
                    progressed = true
                } else {
                    throw Failure.malformed("unexpected bytes after a boundary")
                }
            case .headers:
                let separator = Array("\r\n\r\n".utf8)
                if let index = Self.find(separator, in: buffer) {
                    let text = String(decoding: buffer[0..<index], as: UTF8.self)
                    buffer.removeSubrange(0..<(index + separator.count))
                    var headers: [String: String] = [:]
                    for line in text.split(separator: "\r\n") {
                        guard let colon = line.firstIndex(of: ":") else { continue }
                        headers[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] =
                            line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    }
                    events.append(.headers(headers))
                    phase = .body
                    progressed = true
                } else if buffer.count > 16 * 1024 {
                    throw Failure.malformed("part headers are too long")
                }
            case .body:
                if let index = Self.find(delimiter, in: buffer) {
                    if index > 0 { events.append(.data(ByteBuffer(bytes: buffer[0..<index]))) }
                    events.append(.partEnd)
                    buffer.removeSubrange(0..<(index + delimiter.count))
                    phase = .afterBoundary
                    progressed = true
                } else if buffer.count > delimiter.count {
                    // Keep a tail that may be the start of a delimiter split across chunks.
                    let safe = buffer.count - delimiter.count
                    events.append(.data(ByteBuffer(bytes: buffer[0..<safe])))
                    buffer.removeSubrange(0..<safe)
                }
            case .done:
                buffer.removeAll()
            }
        }
        return events
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            guard let candidate = haystack[index...last].firstIndex(of: first) else { return nil }
            var matches = true
            for offset in 1..<needle.count where haystack[candidate + offset] != needle[offset] {
                matches = false
                break
            }
            if matches { return candidate }
            index = candidate + 1
        }
        return nil
    }
}

extension MultipartParser {
    /// The `name` of a part from its `Content-Disposition`.
    static func partName(_ headers: [String: String]) -> String? {
        guard let disposition = headers["content-disposition"] else { return nil }
        for parameter in disposition.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "name" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}

