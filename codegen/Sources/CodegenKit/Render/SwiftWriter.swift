import Foundation

/// Builds Swift source text line by line with 4-space indentation.
///
/// The text is kept as UTF-8 bytes and made a `String` once, at the end: appending to an
/// array costs less than appending to a string, and a large spec's output is megabytes of
/// small appends.
struct SwiftWriter {
    private var bytes: [UInt8] = []
    private var depth = 0

    init() {
        bytes.reserveCapacity(4096)
    }

    /// The text written so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends a line at the current indentation; an empty line has no trailing spaces.
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            writeIndentation()
            write(content)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends `opener {`, the body one level deeper, and `}`.
    mutating func block(_ opener: String, _ body: (inout SwiftWriter) -> Void) {
        writeIndentation()
        write(opener)
        write(" {\n")
        indent()
        body(&self)
        outdent()
        line("}")
    }

    mutating func indent() {
        depth += 1
    }

    mutating func outdent() {
        depth = max(0, depth - 1)
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    private mutating func writeIndentation() {
        var remaining = depth * 4
        while remaining > 0 {
            let run = min(remaining, Self.spaces.count)
            bytes.append(contentsOf: Self.spaces[..<run])
            remaining -= run
        }
    }

    /// Appends text's UTF-8 bytes in one copy.
    private mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func write(_ text: Substring) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends a `///` doc comment. Blank lines stay blank comment lines and trailing
    /// whitespace goes, so the output is stable whatever the spec's line endings.
    ///
    /// Long Markdown descriptions are most of a large spec's output, so lines are found and
    /// trimmed on UTF-8 bytes; a line whose end is not plain ASCII is trimmed by `Character`.
    mutating func documentation(_ text: String) {
        let hasCarriageReturns = Self.contains(UInt8(ascii: "\r"), in: text.utf8[...])
        let normalized = hasCarriageReturns
            ? text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            : text
        let utf8 = normalized.utf8
        var previousBlank = false
        var lineStart = utf8.startIndex
        while true {
            let lineEnd = Self.firstIndex(of: UInt8(ascii: "\n"), in: utf8[lineStart...]) ?? utf8.endIndex
            let rawLine = normalized[lineStart..<lineEnd]
            let content = Self.contains(UInt8(ascii: "\t"), in: rawLine.utf8[...])
                ? Substring(rawLine.replacingOccurrences(of: "\t", with: "    ").trimmingTrailingWhitespace())
                : Self.trimmingTrailingWhitespace(rawLine)
            if content.isEmpty {
                if !previousBlank { line("///") }
                previousBlank = true
            } else {
                writeIndentation()
                write("/// ")
                write(content)
                bytes.append(UInt8(ascii: "\n"))
                previousBlank = false
            }
            guard lineEnd < utf8.endIndex else { break }
            lineStart = utf8.index(after: lineEnd)
        }
    }

    /// Where `byte` first occurs in `bytes`, found with `memchr` on contiguous text.
    private static func firstIndex(of byte: UInt8, in bytes: Substring.UTF8View.SubSequence) -> String.Index? {
        let found: Int?? = bytes.withContiguousStorageIfAvailable { buffer -> Int? in
            guard let base = buffer.baseAddress,
                  let hit = memchr(base, Int32(byte), buffer.count) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
        guard let found else { return bytes.firstIndex(of: byte) }
        return found.map { bytes.index(bytes.startIndex, offsetBy: $0) }
    }

    private static func contains(_ byte: UInt8, in bytes: Substring.UTF8View.SubSequence) -> Bool {
        firstIndex(of: byte, in: bytes) != nil
    }

    /// `line` without trailing whitespace, as `String.trimmingTrailingWhitespace()`
    /// gives it: ASCII white space is dropped byte by byte while an ASCII character precedes
    /// it (each is then a character of its own); otherwise `Character` decides.
    static func trimmingTrailingWhitespace(_ line: Substring) -> Substring {
        let utf8 = line.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex {
            let before = utf8.index(before: end)
            let byte = utf8[before]
            guard byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) else { break }
            end = before
        }
        if end > utf8.startIndex, utf8[utf8.index(before: end)] >= 0x80 {
            return Substring(String(line).trimmingTrailingWhitespace())
        }
        return line[..<end]
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var result = self
        while let last = result.last, last.isWhitespace {
            result.removeLast()
        }
        return result
    }
}
