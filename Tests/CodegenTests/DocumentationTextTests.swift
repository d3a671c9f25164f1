import Testing
@testable import CodegenKit

/// Doc comments are written from descriptions on UTF-8 bytes for speed; the lines and their
/// trimming must be exactly what splitting and trimming by `Character` gives.
@Suite("Stage 3: doc comment text")
struct DocumentationTextTests {
    /// The rule by `Character`: split at newlines (after turning `\r\n` and `\r` into `\n`),
    /// tabs as four spaces, trailing white space dropped, runs of blank lines as one `///`.
    static func reference(_ text: String, indentation: String = "") -> String {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var output = ""
        var previousBlank = false
        for rawLine in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            let content = rawLine.replacingOccurrences(of: "\t", with: "    ").trimmingTrailingWhitespace()
            if content.isEmpty {
                if !previousBlank { output += indentation + "///\n" }
                previousBlank = true
            } else {
                output += indentation + "/// " + content + "\n"
                previousBlank = false
            }
        }
        return output
    }

    @Test("descriptions become the same doc comment lines as by Character",
          arguments: [
              "One line.",
              "",
              "\n\nLeading blank lines\n\n\n\nand a run of them.\n",
              "Trailing spaces   \nand tabs\t\t\nand both \t \n",
              "Windows\r\nline endings\r\n\r\nand old Mac\rones",
              "A\ttab inside\tthe line",
              "Non-breaking space at the end\u{00A0}\nideographic space\u{3000}",
              "An ASCII space after a combining mark e\u{0301} \nonly a combining mark e\u{0301}",
              "A space joined to a prepended mark \u{0600} ",
              "Curly “quotes” — and emoji 👩‍💻 inside, spaces after 👩‍💻   ",
              "   \n \t \n",
              "Markdown:\n\n- item one\n- item two  \n\n```json\n{\"a\": 1}\n```\n",
          ])
    func sameAsCharacterRule(text: String) {
        var writer = SwiftWriter()
        writer.indent()
        writer.documentation(text)
        #expect(writer.text == Self.reference(text, indentation: "    "))
    }
}
