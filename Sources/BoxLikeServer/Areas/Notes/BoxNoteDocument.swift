import BoxLikeJSON

/// A Box Note (`.boxnote`) made from Markdown: the JSON document Box Notes stores, a tree of
/// blocks (headings, paragraphs, bullet and ordered lists, code blocks, rules) holding text.
/// Inline Markdown (emphasis, links) is kept as written text; Box's documentation does not
/// describe the note's format further, so only the blocks are read.
enum BoxNoteDocument {
    /// The `.boxnote` file's bytes for `markdown`.
    static func bytes(fromMarkdown markdown: String) -> [UInt8] {
        let document: JSONValue = [
            "version": 1, "schema_version": 1,
            "doc": ["type": "doc", "content": .array(blocks(markdown))],
        ]
        return document.serialized()
    }

    /// The Markdown's blocks, line by line.
    static func blocks(_ markdown: String) -> [JSONValue] {
        var blocks: [JSONValue] = []
        var paragraph: [String] = []
        var list: (ordered: Bool, items: [JSONValue])?
        var code: [String]?

        func flushParagraph() {
            guard !paragraph.isEmpty else { return }
            blocks.append(block("paragraph", text: paragraph.joined(separator: " ")))
            paragraph = []
        }
        func flushList() {
            guard let current = list else { return }
            blocks.append(["type": current.ordered ? "ordered_list" : "bullet_list", "content": .array(current.items)])
            list = nil
        }

        for rawLine in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine).trimmingTrailingCarriageReturn
            if var lines = code {
                if line.hasPrefix("```") {
                    blocks.append(block("code_block", text: lines.joined(separator: "\n")))
                    code = nil
                } else {
                    lines.append(line)
                    code = lines
                }
                continue
            }
            let trimmed = line.trimmingLeadingSpaces
            if trimmed.isEmpty {
                flushParagraph()
                flushList()
            } else if trimmed.hasPrefix("```") {
                flushParagraph()
                flushList()
                code = []
            } else if let heading = heading(trimmed) {
                flushParagraph()
                flushList()
                blocks.append(["type": "heading", "attrs": ["level": .integer(Int64(heading.level))], "content": textContent(heading.text)])
            } else if trimmed == "---" || trimmed == "***" {
                flushParagraph()
                flushList()
                blocks.append(["type": "horizontal_rule"])
            } else if let item = listItem(trimmed) {
                flushParagraph()
                if let current = list, current.ordered != item.ordered { flushList() }
                var current = list ?? (item.ordered, [])
                current.items.append(["type": "list_item", "content": .array([block("paragraph", text: item.text)])])
                list = current
            } else {
                flushList()
                paragraph.append(trimmed)
            }
        }
        if let lines = code { blocks.append(block("code_block", text: lines.joined(separator: "\n"))) }
        flushParagraph()
        flushList()
        return blocks
    }

    private static func block(_ type: String, text: String) -> JSONValue {
        ["type": .string(type), "content": textContent(text)]
    }

    private static func textContent(_ text: String) -> JSONValue {
        text.isEmpty ? .array([]) : .array([["type": "text", "text": .string(text)]])
    }

    /// `# Title` to `######`: the level and the text.
    private static func heading(_ line: String) -> (level: Int, text: String)? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = line.dropFirst(hashes)
        guard rest.isEmpty || rest.first == " " else { return nil }
        return (hashes, String(rest).trimmingLeadingSpaces)
    }

    /// `- item`, `* item`, `+ item` or `1. item`.
    private static func listItem(_ line: String) -> (ordered: Bool, text: String)? {
        for marker in ["- ", "* ", "+ "] where line.hasPrefix(marker) {
            return (false, String(line.dropFirst(marker.count)))
        }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        let rest = line.dropFirst(digits.count)
        guard rest.hasPrefix(". ") else { return nil }
        return (true, String(rest.dropFirst(2)))
    }
}

private extension String {
    var trimmingTrailingCarriageReturn: String { hasSuffix("\r") ? String(dropLast()) : self }
    var trimmingLeadingSpaces: String { String(drop { $0 == " " || $0 == "\t" }) }
}
