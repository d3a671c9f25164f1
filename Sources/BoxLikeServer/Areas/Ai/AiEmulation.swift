import BoxLikeJSON
import Foundation

/// Box AI, emulated locally and deterministically: no model and no network. Answers come from
/// the documents' own text, so an app's logic can be tested against predictable results:
///
/// - `ask` answers with the sentences that share the most words with the question, citing
///   each one's file;
/// - `text_gen` drafts from the prompt, the earlier turns of the dialogue and the matching
///   sentences of the document;
/// - `extract` answers the names a prompt lists, in its order, from `Key: value` lines or the
///   facts sentences state (``AiSentenceReader``), or else the text's `Key: value` lines;
/// - `extract_structured` fills each field with a value of its type from a `Label: value`
///   line, a sentence that states it, or an option of an enum found anywhere in the text
///   (`struct` fields member by member, `table` fields a row per sentence), and leaves the
///   rest `null`.
enum AiEmulation {
    /// One sentence of a document.
    struct Sentence: Sendable {
        var document: AiDocument
        var text: String
        var position: Int
    }

    /// The answer to `prompt` and the sentences it quotes.
    static func ask(_ prompt: String, documents: [AiDocument], history: [String]) -> (answer: String, quoted: [Sentence]) {
        var quoted = bestSentences(for: words(prompt), in: documents, limit: 3)
        if quoted.isEmpty, let earlier = history.last {
            // A follow-up ("and when is it due?") leans on the question before it.
            quoted = bestSentences(for: words(prompt).union(words(earlier)), in: documents, limit: 3)
        }
        guard !quoted.isEmpty else {
            return ("The provided documents do not contain an answer to this question.", [])
        }
        return (quoted.map(\.text).joined(separator: " "), quoted)
    }

    /// A draft built on the prompt, the dialogue so far and the document.
    static func textGen(_ prompt: String, documents: [AiDocument], history: [(prompt: String, answer: String)]) -> String {
        var lines: [String] = []
        if let previous = history.last { lines.append("Following on from \"\(previous.prompt)\": \(previous.answer)") }
        let relevant = bestSentences(for: words(prompt), in: documents, limit: 3)
        let basis = relevant.isEmpty ? documents.flatMap { leadingSentences(of: $0, count: 2) }.prefix(2).map(\.text) : relevant.map(\.text)
        lines.append("\(prompt.trimmingCharacters(in: .whitespacesAndNewlines))")
        if !basis.isEmpty { lines.append(basis.joined(separator: " ")) }
        return lines.joined(separator: "\n\n")
    }

    /// The JSON text `ai/extract` answers. A prompt that lists names ("firstName, lastName,
    /// company", "Extract the date of birth and the employer", a JSON object's keys) gets an
    /// object keyed by exactly those names, in that order, each the `Key: value` line of that
    /// name or the fact a sentence states (``AiSentenceReader``), or `null`. Any other prompt
    /// gets the documents' `Key: value` lines whose keys share a word with it, or all of them.
    static func extract(_ prompt: String, documents: [AiDocument]) -> String {
        let pairs = documents.flatMap { labelledLines(in: $0.text) }
        var members: [(String, JSONValue)] = []
        if let names = listedNames(in: prompt) {
            for name in names {
                if let pair = labelledLine(for: [name], in: pairs) {
                    members.append((name, .string(pair.value)))
                } else if let found = AiSentenceReader.fact(for: [name], in: documents) {
                    members.append((name, .string(found.fact.value)))
                } else {
                    members.append((name, .null))
                }
            }
        } else {
            let asked = words(prompt)
            let named = pairs.filter { !words($0.label).isDisjoint(with: asked) }
            for pair in (named.isEmpty ? pairs : named) where !members.contains(where: { $0.0 == pair.label }) {
                members.append((pair.label, .string(pair.value)))
            }
        }
        func text(_ value: JSONValue) -> String { String(decoding: value.serialized(), as: UTF8.self) }
        return "{" + members.map { text(.string($0.0)) + ": " + text($0.1) }.joined(separator: ", ") + "}"
    }

    /// Words that introduce a list of names rather than belong to it.
    private static let listLead: Set<String> = [
        "extract", "get", "find", "return", "list", "give", "me", "please", "the", "following", "fields", "field", "values",
        "value", "keys", "key", "data", "information", "details", "of", "all", "and", "these", "those",
    ]

    /// The names a prompt lists, in order, or `nil` when it is not a list of names.
    static func listedNames(in prompt: String) -> [String]? {
        var text = prompt.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.first == "{", case .object(let object)? = try? JSONValue.parse(Array(text.utf8)), !object.isEmpty {
            // The keys in the order the prompt writes them.
            return object.keys.sorted { (text.range(of: "\"\($0)\"")?.lowerBound ?? text.endIndex) < (text.range(of: "\"\($1)\"")?.lowerBound ?? text.endIndex) }
        }
        if text.first == "[", case .array(let array)? = try? JSONValue.parse(Array(text.utf8)) {
            let names = array.compactMap(\.stringValue)
            return names.isEmpty || names.count != array.count ? nil : names
        }
        guard !text.hasSuffix("?") else { return nil }
        var instructed = false
        if let colon = text.firstIndex(of: ":"), text[..<colon].split(separator: " ").count <= 8 {
            text = String(text[text.index(after: colon)...])
            instructed = true
        }
        var leading = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        while let first = leading.first, listLead.contains(first.lowercased()) {
            if ["extract", "get", "find", "return", "list", "give"].contains(first.lowercased()) { instructed = true }
            leading.removeFirst()
        }
        text = leading.joined(separator: " ")
        for tail in [" from the document", " from the documents", " from this document", " from the file", " from this file", " from the text"]
        where text.lowercased().hasSuffix(tail) || text.lowercased().hasSuffix(tail + ".") {
            text = String(text.dropLast(text.lowercased().hasSuffix(".") ? tail.count + 1 : tail.count))
        }
        var pieces = text.split(whereSeparator: { ",;\n".contains($0) }).map(String.init)
        if let last = pieces.popLast() {
            pieces += last.components(separatedBy: " and ").flatMap { $0.components(separatedBy: " & ") }
        }
        let names = pieces.map { piece -> String in
            var name = piece.trimmingCharacters(in: .whitespaces)
            for lead in ["and ", "the ", "their ", "his ", "her ", "its "] where name.lowercased().hasPrefix(lead) {
                name = String(name.dropFirst(lead.count))
            }
            while let last = name.last, ".;".contains(last) { name.removeLast() }
            return name.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        guard !names.isEmpty, names.allSatisfy({ $0.split(separator: " ").count <= 5 && $0.contains(where: \.isLetter) }),
              names.count >= 2 || instructed else { return nil }
        return names
    }

    /// The `Key: value` line whose key is one of `labels`, or whose words are all among a
    /// label's (or a label's among its).
    private static func labelledLine(for labels: [String], in pairs: [(label: String, value: String)]) -> (label: String, value: String)? {
        let wanted = Set(labels.map(normalized))
        if let exact = pairs.first(where: { wanted.contains(normalized($0.label)) }) { return exact }
        let labelWords = labels.map(words).filter { !$0.isEmpty }
        return pairs.first { pair in
            let keyWords = words(pair.label)
            return !keyWords.isEmpty && labelWords.contains { $0.isSubset(of: keyWords) || keyWords.isSubset(of: $0) }
        }
    }

    /// Each field's value (or `null`), how confident the emulation is, and where it came from.
    static func extractStructured(_ fields: [AiField], documents: [AiDocument])
        -> (answer: [String: JSONValue], confidence: [String: JSONValue], reference: [String: JSONValue]) {
        var answer: [String: JSONValue] = [:]
        var confidence: [String: JSONValue] = [:]
        var reference: [String: JSONValue] = [:]
        let pairs = documents.flatMap { document in labelledLines(in: document.text).map { (document, $0) } }
        for field in fields {
            let found = resolve(field, pairs: pairs, documents: documents)
            answer[field.key] = found.value
            let level = found.value == .null ? "LOW" : found.level
            confidence[field.key] = ["level": .string(level), "score": .number(level == "HIGH" ? 0.9 : level == "MEDIUM" ? 0.6 : 0.1)]
            if let source = found.source {
                reference[field.key] = [["type": "file", "id": .string(source.document.id), "name": .string(source.document.name),
                                         "content": .string(source.content)]]
            }
        }
        return (answer, confidence, reference)
    }

    /// A field's value: a `struct` member by member, a `table` a row per entry, any other from
    /// its `Label: value` line, the sentence that states it, or (an enum's) an option the text
    /// mentions.
    private static func resolve(_ field: AiField, pairs: [(AiDocument, (label: String, value: String))], documents: [AiDocument])
        -> (value: JSONValue, level: String, source: (document: AiDocument, content: String)?) {
        switch field.type {
        case "struct":
            var object: [String: JSONValue] = [:]
            var source: (document: AiDocument, content: String)?
            for member in field.members {
                let found = resolve(member, pairs: pairs, documents: documents)
                object[member.key] = found.value
                source = source ?? found.source
            }
            let empty = object.values.allSatisfy { $0 == .null }
            return (empty ? .null : .object(object), "HIGH", empty ? nil : source)
        case "table":
            let rows = tableRows(field, documents: documents)
            return (rows.isEmpty ? .null : .array(rows.map(\.row)), "HIGH", rows.first.map { ($0.document, $0.sentence) })
        default:
            break
        }
        let labels = Set(field.labels.map(normalized))
        if let match = pairs.first(where: { labels.contains(normalized($0.1.label)) }), let typed = typedValue(match.1.value, field: field) {
            return (typed, "HIGH", (match.0, "\(match.1.label): \(match.1.value)"))
        }
        if let found = AiSentenceReader.fact(for: field.labels, in: documents) {
            if let typed = typedValue(found.fact.value, field: field) ?? typedValue(found.fact.sentence, field: field) {
                return (typed, "HIGH", (found.document, found.fact.sentence))
            }
        }
        if ["enum", "multiSelect"].contains(field.type) {
            for document in documents {
                if let typed = typedValue(document.text, field: field) { return (typed, "MEDIUM", (document, "")) }
            }
        }
        return (.null, "LOW", nil)
    }

    /// A row per sentence that states the table's first column, each column read from that
    /// sentence.
    private static func tableRows(_ field: AiField, documents: [AiDocument]) -> [(row: JSONValue, document: AiDocument, sentence: String)] {
        guard let first = field.members.first else { return [] }
        let concepts = field.members.map { AiSentenceReader.concept(of: $0.labels) }
        var rows: [(row: JSONValue, document: AiDocument, sentence: String)] = []
        for document in documents {
            for sentence in AiSentenceReader.sentences(of: document.text) {
                guard AiSentenceReader.value(of: concepts[0], labels: first.labels, in: sentence) != nil else { continue }
                var row: [String: JSONValue] = [:]
                for (column, concept) in zip(field.members, concepts) {
                    let text = AiSentenceReader.value(of: concept, labels: column.labels, in: sentence)
                    row[column.key] = text.flatMap { typedValue($0, field: column) } ?? .null
                }
                rows.append((.object(row), document, sentence))
            }
        }
        return rows
    }

    // MARK: - Text

    private static let stopWords: Set<String> = [
        "the", "and", "for", "are", "was", "what", "which", "who", "whom", "when", "where", "why", "how", "this", "that",
        "these", "those", "with", "from", "into", "does", "did", "has", "have", "had", "its", "our", "your", "their",
        "about", "there", "here", "can", "could", "would", "should", "will", "please", "tell", "give", "list", "all",
        "any", "document", "documents", "file", "files", "extract",
    ]

    /// The meaningful words of `text`, lowercased.
    static func words(_ text: String) -> Set<String> {
        Set(splitWords(text).filter { $0.count >= 3 || $0.allSatisfy(\.isNumber) }.filter { !stopWords.contains($0) })
    }

    private static func splitWords(_ text: String) -> [String] {
        var spaced = ""
        var previous: Character?
        for character in text {
            // camelCase keys (`invoiceNumber`) read as words.
            if let previous, previous.isLowercase, character.isUppercase { spaced.append(" ") }
            spaced.append(character)
            previous = character
        }
        return spaced.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// Words joined by single spaces: how labels are compared.
    static func normalized(_ text: String) -> String {
        splitWords(text).joined(separator: " ")
    }

    /// The non-empty lines of a text, found with `memchr` (documents run to megabytes).
    static func lines(of text: String) -> [String] {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { buffer -> [String] in
            guard let base = buffer.baseAddress else { return [] }
            var result: [String] = []
            var start = 0
            while start < buffer.count {
                let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start)
                let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? buffer.count
                if end > start {
                    result.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self))
                }
                start = end + 1
            }
            return result
        } ?? text.split(separator: "\n").map(String.init)
    }

    /// The sentences of one line, numbered from `position`.
    static func sentences(inLine line: String, of document: AiDocument, from position: Int) -> [Sentence] {
        var result: [Sentence] = []
        var current = ""
        let characters = Array(line)
        for (index, character) in characters.enumerated() {
            current.append(character)
            let atEnd = index + 1 == characters.count || characters[index + 1] == " "
            if (character == "." || character == "!" || character == "?") && atEnd {
                append(current, document: document, position: position + result.count, to: &result)
                current = ""
            }
        }
        append(current, document: document, position: position + result.count, to: &result)
        return result
    }

    /// The first `count` sentences of a document.
    static func leadingSentences(of document: AiDocument, count: Int) -> [Sentence] {
        var result: [Sentence] = []
        for line in lines(of: document.text) where result.count < count {
            result += sentences(inLine: line, of: document, from: result.count)
        }
        return Array(result.prefix(count))
    }

    private static func append(_ text: String, document: AiDocument, position: Int, to sentences: inout [Sentence]) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return }
        sentences.append(Sentence(document: document, text: trimmed, position: position))
    }

    /// Up to `limit` sentences sharing the most words with `query`, in document order. Lines
    /// that contain none of the words are passed over before they are split into words.
    private static func bestSentences(for query: Set<String>, in documents: [AiDocument], limit: Int) -> [Sentence] {
        guard !query.isEmpty else { return [] }
        var scored: [(score: Int, documentIndex: Int, sentence: Sentence)] = []
        for (documentIndex, document) in documents.enumerated() {
            for (lineNumber, line) in lines(of: document.text).enumerated() {
                let lowered = line.lowercased()
                guard query.contains(where: { lowered.contains($0) }) else { continue }
                for sentence in sentences(inLine: line, of: document, from: lineNumber * 1000) {
                    let score = words(sentence.text).intersection(query).count
                    if score > 0 { scored.append((score, documentIndex, sentence)) }
                }
            }
        }
        let best = scored.sorted { ($1.score, $0.documentIndex, $0.sentence.position) < ($0.score, $1.documentIndex, $1.sentence.position) }
            .prefix(limit)
        return best.sorted { ($0.documentIndex, $0.sentence.position) < ($1.documentIndex, $1.sentence.position) }.map(\.sentence)
    }

    /// The `Label: value` lines of a text.
    static func labelledLines(in text: String) -> [(label: String, value: String)] {
        lines(of: text).compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let label = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !label.isEmpty, label.count <= 60, label.contains(where: \.isLetter), !value.isEmpty,
                  !label.contains("//") else { return nil }
            return (label, value)
        }
    }

    // MARK: - Typed values

    /// `text` read as a value of the field's type, when it holds one.
    static func typedValue(_ text: String, field: AiField) -> JSONValue? {
        switch field.type {
        case "float", "number", "integer":
            guard let number = number(in: text), number.isFinite else { return nil }
            guard field.type == "integer" else { return .number(number) }
            // A whole number past 64 bits stays a JSON number: converting it would trap.
            return Int64(exactly: number.rounded()).map(JSONValue.integer) ?? .number(number.rounded())
        case "date":
            return AiDates.date(in: text).map { .string(field.dateStyle == .day ? AiDates.isoDay($0) : Timestamp.string($0)) }
        case "enum":
            return options(in: text, of: field).first.map(JSONValue.string)
        case "multiSelect":
            let found = options(in: text, of: field)
            return found.isEmpty ? nil : .array(found.map(JSONValue.string))
        default:
            return .string(text)
        }
    }

    /// The options of an enum field that `text` mentions, in the order the field lists them.
    private static func options(in text: String, of field: AiField) -> [String] {
        let haystack = " \(normalized(text)) "
        return field.options.filter { haystack.contains(" \(normalized($0)) ") }
    }

    /// The first number in `text`, ignoring thousands separators and currency signs.
    static func number(in text: String) -> Double? {
        var digits = ""
        var started = false
        for character in text {
            if character.isNumber || (character == "." && started) || (character == "-" && !started) {
                digits.append(character)
                if character.isNumber { started = true }
            } else if character == "," && started {
                continue
            } else if started {
                break
            } else {
                digits = ""
            }
        }
        while digits.hasSuffix(".") { digits.removeLast() }
        return started ? Double(digits) : nil
    }
}
