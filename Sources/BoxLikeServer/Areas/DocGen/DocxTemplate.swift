import BoxLikeJSON
import Foundation
import NIOCore

/// A `.docx` used as a Doc Gen template: its `{{ tag }}` placeholders, read from the text of
/// the document body, headers and footers, and documents made from it with the tags filled in.
///
/// Word keeps a paragraph's text in runs (`<w:r><w:t>…</w:t></w:r>`) and often splits one
/// typed placeholder over several runs (after a spelling check or a change of formatting).
/// The text nodes of each paragraph are read together, so a tag split over runs of one
/// paragraph is found and replaced; its value goes into the run where the tag starts and the
/// rest of the tag is removed from the following runs. A tag spanning paragraphs is not a tag.
///
/// Text tags (`{{ customer.name }}`, with dots into objects and numbers into arrays) are
/// filled in. Conditionals, loops, arithmetic and images are listed by ``tags()`` with their
/// type and paths, but a generated document keeps them as they are, with a warning.
struct DocxTemplate: Sendable {
    /// A placeholder as `tags` lists it.
    struct Tag: Sendable, Equatable {
        enum Kind: String, Sendable {
            case text
            case arithmetic
            case conditional
            case forLoop = "for-loop"
            case tableLoop = "table-loop"
            case image
        }

        /// The placeholder as written, braces included.
        var content: String
        var kind: Kind
        /// The paths into the input data the tag reads.
        var jsonPaths: [String]
    }

    /// A document made from the template.
    struct Generated: Sendable {
        var bytes: [UInt8]
        /// Problems that did not stop the document: missing values, tags left as they were.
        var warnings: [String]
        /// The text of the document's body, a string per paragraph, with the tags filled in.
        var paragraphs: [String] = []
    }

    /// A template that cannot be read as a `.docx`.
    struct Unusable: Error, CustomStringConvertible {
        let description: String
    }

    /// Every part of the template, read once for all the documents made from it.
    struct Parts: Sendable {
        fileprivate let contents: [String: [UInt8]]
    }

    private let archive: DocxArchive

    /// - Throws: ``DocxArchive/LimitExceeded`` for a file past ``DocxLimits``; ``Unusable``
    ///   for one that is not a `.docx`.
    init(bytes: [UInt8], limits: DocxLimits = DocxLimits()) throws {
        do {
            archive = try DocxArchive(bytes: bytes, limits: limits)
        } catch let error as DocxArchive.Unreadable {
            throw Unusable(description: "the file is not a .docx (zip) document: \(error)")
        }
        guard archive.entries.contains(where: { $0.name == "word/document.xml" && !$0.isDirectory }) else {
            throw Unusable(description: "the file has no word/document.xml")
        }
    }

    /// The parts whose text may hold tags: the body first, then headers and footers.
    private var textParts: [String] {
        ["word/document.xml"] + archive.entries.map(\.name).filter(Self.isHeaderOrFooter).sorted()
    }

    /// The bytes of the parts named `names`, within one budget of ``DocxLimits``.
    private func read(_ names: [String]) throws -> [String: [UInt8]] {
        var budget = archive.makeBudget()
        do {
            return try archive.contents(of: Set(names), budget: &budget)
        } catch let error as DocxArchive.Unreadable {
            throw Unusable(description: "\(error)")
        }
    }

    /// Every part, for ``generate(with:parts:at:)``.
    ///
    /// - Throws: ``DocxArchive/LimitExceeded`` past ``DocxLimits``; ``Unusable`` for a part
    ///   that cannot be read.
    func parts() throws -> Parts {
        Parts(contents: try read(archive.entries.filter { !$0.isDirectory }.map(\.name)))
    }

    private static func isHeaderOrFooter(_ name: String) -> Bool {
        (name.hasPrefix("word/header") || name.hasPrefix("word/footer")) && name.hasSuffix(".xml")
    }

    /// Every distinct tag of the template, in the order they first appear.
    func tags() throws -> [Tag] {
        var found: [Tag] = []
        let contents = try read(textParts)
        for part in textParts {
            let xml = WordXML(bytes: contents[part] ?? [])
            for placeholder in xml.placeholders() {
                guard let tag = Self.describe(placeholder.inner, content: placeholder.content), !found.contains(tag) else { continue }
                found.append(tag)
            }
        }
        return found
    }

    /// The text of the document's body, a string per paragraph, tags as written.
    func bodyParagraphs() throws -> [String] {
        WordXML(bytes: try read(["word/document.xml"])["word/document.xml"] ?? []).paragraphTexts()
    }

    /// A document with every text tag replaced by its value in `data`, its parts stamped `now`.
    func generate(with data: JSONValue, parts: Parts, at now: Date) async throws -> Generated {
        var warnings: [String] = []
        var replaced: [String: [UInt8]] = [:]
        for part in textParts {
            let xml = WordXML(bytes: parts.contents[part] ?? [])
            replaced[part] = xml.replacingPlaceholders { placeholder in
                guard let tag = Self.describe(placeholder.inner, content: placeholder.content) else { return nil }
                guard tag.kind == .text, let path = tag.jsonPaths.first else {
                    warnings.append("The \(tag.kind.rawValue) tag \(tag.content) is not generated by this server; it was left as it is.")
                    return nil
                }
                guard let value = Self.value(at: path, in: data), !value.isNull else {
                    warnings.append("No value for \(tag.content) in the input data; it was left empty.")
                    return ""
                }
                return Self.text(of: value)
            }
        }
        var entries: [ZipArchive.Entry] = []
        for entry in archive.entries {
            let content = entry.isDirectory ? nil : StoredContent(bytes: replaced[entry.name] ?? parts.contents[entry.name] ?? [])
            entries.append(ZipArchive.Entry(path: entry.name, content: content, modifiedAt: now))
        }
        let zip = try await ZipArchive.make(entries)
        var output: [UInt8] = []
        output.reserveCapacity(zip.length)
        try await zip.write { buffer in output.append(contentsOf: buffer.readableBytesView) }
        let body = WordXML(bytes: replaced["word/document.xml"] ?? []).paragraphTexts()
        return Generated(bytes: output, warnings: warnings, paragraphs: body)
    }

    // MARK: - Tags

    private static let keywords: Set<String> = ["if", "elseif", "for", "in", "tablerow", "image", "and", "or", "not", "true", "false", "null"]

    /// What a placeholder's inner text says; `nil` for the closing and `else` parts of blocks,
    /// and for empty braces.
    static func describe(_ inner: String, content: String) -> Tag? {
        let text = inner.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        let first = text.prefix { !$0.isWhitespace && $0 != "(" }.lowercased()
        if first.hasPrefix("end") || first == "else" { return nil }
        let identifiers = Self.identifiers(in: text)
        switch first {
        case "if", "elseif":
            return Tag(content: content, kind: .conditional, jsonPaths: identifiers)
        case "for", "tablerow":
            // `for item in order.items`: the loop variable is not a path into the data.
            let paths = Array(identifiers.dropFirst())
            return Tag(content: content, kind: first == "for" ? .forLoop : .tableLoop, jsonPaths: paths)
        case "image":
            return Tag(content: content, kind: .image, jsonPaths: identifiers)
        default:
            let isArithmetic = text.contains { "+-*/".contains($0) } && identifiers.count + Self.numbers(in: text) >= 2
            if isArithmetic { return Tag(content: content, kind: .arithmetic, jsonPaths: identifiers) }
            return Tag(content: content, kind: .text, jsonPaths: [text])
        }
    }

    /// The dotted names (`order.items`) of an expression, outside quotes, without keywords.
    private static func identifiers(in text: String) -> [String] {
        var found: [String] = []
        var current = ""
        var quote: Character?
        func flush() {
            let name = current.trimmingCharacters(in: CharacterSet(charactersIn: "."))
            if let head = name.first, head.isLetter || head == "_", !keywords.contains(name.lowercased()), !found.contains(name) {
                found.append(name)
            }
            current = ""
        }
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            if character == "\"" || character == "'" {
                flush()
                quote = character
            } else if character.isLetter || character.isNumber || character == "_" || character == "." {
                current.append(character)
            } else {
                flush()
            }
        }
        flush()
        return found
    }

    private static func numbers(in text: String) -> Int {
        text.split { !($0.isNumber || $0 == ".") }.filter { $0.first?.isNumber ?? false }.count
    }

    /// The value at a dotted path: names step into objects, numbers into arrays
    /// (`items.0.name`, and `items[0].name` alike).
    static func value(at path: String, in data: JSONValue) -> JSONValue? {
        let steps = path.replacingOccurrences(of: "[", with: ".").replacingOccurrences(of: "]", with: "")
            .split(separator: ".").map { $0.trimmingCharacters(in: .whitespaces) }
        var current: JSONValue? = data
        for step in steps {
            if let array = current?.arrayValue, let index = Int(step) {
                current = array.indices.contains(index) ? array[index] : nil
            } else {
                current = current?.objectValue?[step]
            }
        }
        return current
    }

    /// How a value reads in the document.
    static func text(of value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .null: ""
        case .array, .object: String(decoding: value.serialized(), as: UTF8.self)
        }
    }
}
