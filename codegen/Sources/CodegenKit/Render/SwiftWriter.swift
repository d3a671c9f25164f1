import Foundation

/// Builds Swift source text line by line with 4-space indentation.
struct SwiftWriter {
    private(set) var text = ""
    private var indentation = ""

    init() {
        text.reserveCapacity(4096)
    }

    /// Appends a line at the current indentation; an empty line has no trailing spaces.
    mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
        } else {
            text += indentation
            text += content
            text += "\n"
        }
    }

    /// Appends `opener {`, the body one level deeper, and `}`.
    mutating func block(_ opener: String, _ body: (inout SwiftWriter) -> Void) {
        line(opener + " {")
        indent()
        body(&self)
        outdent()
        line("}")
    }

    mutating func indent() {
        indentation += "    "
    }

    mutating func outdent() {
        indentation.removeLast(min(4, indentation.count))
    }

    /// Appends a `///` doc comment. Blank lines stay blank comment lines and trailing
    /// whitespace goes, so the output is stable whatever the spec's line endings.
    ///
    /// Long Markdown descriptions are most of a large spec's output, so lines are found and
    /// trimmed on UTF-8 bytes; a line whose end is not plain ASCII is trimmed by `Character`.
    mutating func documentation(_ text: String) {
        let hasCarriageReturns = text.utf8.contains(UInt8(ascii: "\r"))
        let normalized = hasCarriageReturns
            ? text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            : text
        let utf8 = normalized.utf8
        var previousBlank = false
        var lineStart = utf8.startIndex
        while true {
            let lineEnd = utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let rawLine = normalized[lineStart..<lineEnd]
            let content = rawLine.utf8.contains(UInt8(ascii: "\t"))
                ? Substring(rawLine.replacingOccurrences(of: "\t", with: "    ").trimmingTrailingWhitespace())
                : Self.trimmingTrailingWhitespace(rawLine)
            if content.isEmpty {
                if !previousBlank { line("///") }
                previousBlank = true
            } else {
                self.text += indentation
                self.text += "/// "
                self.text += content
                self.text += "\n"
                previousBlank = false
            }
            guard lineEnd < utf8.endIndex else { break }
            lineStart = utf8.index(after: lineEnd)
        }
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
