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
    mutating func documentation(_ text: String) {
        let hasCarriageReturns = text.utf8.contains(UInt8(ascii: "\r"))
        let normalized = hasCarriageReturns
            ? text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            : text
        let lines = normalized.split(separator: "\n", omittingEmptySubsequences: false)
        var previousBlank = false
        for rawLine in lines {
            let untabbed = rawLine.utf8.contains(UInt8(ascii: "\t"))
                ? rawLine.replacingOccurrences(of: "\t", with: "    ") : String(rawLine)
            let content = untabbed.trimmingTrailingWhitespace()
            if content.isEmpty {
                if !previousBlank { line("///") }
                previousBlank = true
            } else {
                line("/// " + content)
                previousBlank = false
            }
        }
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
