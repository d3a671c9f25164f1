/// The text of one WordprocessingML part (`word/document.xml`, a header, a footer) as Doc Gen
/// needs it: the text nodes (`<w:t>`) of each paragraph (`<w:p>`), the `{{ … }}` placeholders
/// in that text, and the part rewritten with placeholders replaced. Everything else in the XML
/// is kept byte for byte.
///
/// Why this is not FoundationXML or XMLCoder: rendering must leave every byte of the part
/// that is not placeholder text as it was (namespaces, `mc:Ignorable`, run properties Word
/// needs), which takes the byte offsets of the `<w:t>` text; `XMLParser` reports events and
/// line/column positions, and XMLCoder builds a tree it serializes anew, so neither can give
/// a byte-exact rewrite. This scanner understands no more XML than that: it finds `<w:p` and
/// `<w:t` tags by name and the text up to `</w:t>`, resolves the five entities and numeric
/// references, and treats everything else as opaque bytes. Every pass is linear in the part's
/// size, and the part itself is bounded by `DocxLimits` before it gets here.
struct WordXML {
    /// A placeholder found in a paragraph's text.
    struct Placeholder {
        /// The text between the braces.
        var inner: String
        /// The placeholder as written, braces included.
        var content: String
        fileprivate var start: Int
        fileprivate var end: Int
    }

    /// One `<w:t>` element: where its opening tag starts, where its text starts and ends.
    private struct TextNode {
        var tagStart: Int
        var textStart: Int
        var textEnd: Int
        var paragraph: Int
        var text: [Character]
    }

    private let bytes: [UInt8]
    private let nodes: [TextNode]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        nodes = Self.textNodes(in: bytes)
    }

    /// The text of each paragraph that has text nodes, in order.
    func paragraphTexts() -> [String] {
        paragraphs().map { String($0.text) }
    }

    /// Every placeholder, paragraph by paragraph.
    func placeholders() -> [Placeholder] {
        paragraphs().flatMap { Self.placeholders(in: $0.text) }
    }

    /// The part with each placeholder for which `replacement` gives text replaced by it (the
    /// ones it answers `nil` for stay as they are).
    func replacingPlaceholders(_ replacement: (Placeholder) -> String?) -> [UInt8] {
        var newText: [Int: [Character]] = [:]
        for paragraph in paragraphs() {
            var insertions: [Int: [Character]] = [:]
            var removed = Array(repeating: false, count: paragraph.text.count)
            for placeholder in Self.placeholders(in: paragraph.text) {
                guard let value = replacement(placeholder) else { continue }
                insertions[placeholder.start] = Array(value)
                for position in placeholder.start..<placeholder.end { removed[position] = true }
            }
            guard !insertions.isEmpty else { continue }
            for (nodeIndex, range) in zip(paragraph.nodeIndices, paragraph.ranges) {
                guard range.contains(where: { removed[$0] }) else { continue }
                var text: [Character] = []
                for position in range {
                    if let inserted = insertions[position] { text += inserted }
                    if !removed[position] { text.append(paragraph.text[position]) }
                }
                newText[nodeIndex] = text
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var cursor = 0
        for (index, node) in nodes.enumerated() {
            guard let text = newText[index] else { continue }
            output += bytes[cursor..<node.tagStart]
            output += Array(#"<w:t xml:space="preserve">"#.utf8)
            output += Self.escaped(String(text))
            cursor = node.textEnd
        }
        output += bytes[cursor...]
        return output
    }

    // MARK: - Paragraphs

    private struct Paragraph {
        var text: [Character] = []
        var nodeIndices: [Int] = []
        /// The positions in `text` of each node's characters.
        var ranges: [Range<Int>] = []
    }

    private func paragraphs() -> [Paragraph] {
        var result: [Paragraph] = []
        var current = Paragraph()
        var currentIndex: Int?
        for (index, node) in nodes.enumerated() {
            if node.paragraph != currentIndex {
                if currentIndex != nil { result.append(current) }
                current = Paragraph()
                currentIndex = node.paragraph
            }
            current.nodeIndices.append(index)
            current.ranges.append(current.text.count..<(current.text.count + node.text.count))
            current.text += node.text
        }
        if currentIndex != nil { result.append(current) }
        return result
    }

    private static func placeholders(in text: [Character]) -> [Placeholder] {
        var found: [Placeholder] = []
        var index = 0
        while index + 1 < text.count {
            guard text[index] == "{", text[index + 1] == "{" else {
                index += 1
                continue
            }
            var close = index + 2
            var restart: Int?
            while close + 1 < text.count, !(text[close] == "}" && text[close + 1] == "}") {
                if text[close] == "{", text[close + 1] == "{" { restart = close; break }
                close += 1
            }
            if let restart {
                index = restart
                continue
            }
            guard close + 1 < text.count else { break }
            found.append(Placeholder(inner: String(text[(index + 2)..<close]), content: String(text[index..<(close + 2)]),
                                     start: index, end: close + 2))
            index = close + 2
        }
        return found
    }

    // MARK: - Scanning

    private static func textNodes(in bytes: [UInt8]) -> [TextNode] {
        var nodes: [TextNode] = []
        var paragraph = 0
        var index = 0
        let open = UInt8(ascii: "<"), close = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
        while let start = bytes[index...].firstIndex(of: open) {
            var nameEnd = start + 1
            while nameEnd < bytes.count, !isNameEnd(bytes[nameEnd]) { nameEnd += 1 }
            let name = bytes[(start + 1)..<nameEnd]
            guard let tagEnd = bytes[nameEnd...].firstIndex(of: close) else { break }
            if name.elementsEqual("w:p".utf8) {
                paragraph += 1
            } else if name.elementsEqual("w:t".utf8), bytes[tagEnd - 1] != slash {
                let textStart = tagEnd + 1
                guard let textEnd = find(Array("</w:t>".utf8), in: bytes, from: textStart) else { break }
                nodes.append(TextNode(tagStart: start, textStart: textStart, textEnd: textEnd, paragraph: paragraph,
                                      text: Array(unescaped(bytes[textStart..<textEnd]))))
                index = textEnd
                continue
            }
            index = tagEnd + 1
        }
        return nodes
    }

    private static func isNameEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first else { return nil }
        var index = start
        while let candidate = bytes[index...].firstIndex(of: first) {
            if candidate + needle.count <= bytes.count, bytes[candidate..<(candidate + needle.count)].elementsEqual(needle) {
                return candidate
            }
            index = candidate + 1
        }
        return nil
    }

    /// XML text with its five named entities and numeric references resolved.
    static func unescaped(_ raw: ArraySlice<UInt8>) -> String {
        let text = String(decoding: raw, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let scalar: Unicode.Scalar?
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if entity.hasPrefix("#") {
                    scalar = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init)
                } else {
                    scalar = nil
                }
                if let scalar { result.unicodeScalars.append(scalar) } else { result += rest[ampersand...semicolon] }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// Text made safe for an XML text node.
    static func escaped(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): output += Array("&amp;".utf8)
            case UInt8(ascii: "<"): output += Array("&lt;".utf8)
            case UInt8(ascii: ">"): output += Array("&gt;".utf8)
            default: output.append(byte)
            }
        }
        return output
    }
}
