import BoxLikeJSON
import Foundation

/// Box AI, emulated locally and deterministically: no model and no network. Answers come from
/// the documents' own text, so an app's logic can be tested against predictable results:
///
/// - `ask` answers with the sentences that share the most words with the question, citing
///   each one's file;
/// - `text_gen` drafts from the prompt, the earlier turns of the dialogue and the matching
///   sentences of the document;
/// - `extract` returns the `Key: value` lines of the text (those the prompt names, or all);
/// - `extract_structured` fills each field with a value of its type from a `Label: value`
///   line, or an option of an enum found anywhere in the text, and leaves the rest `null`.
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

    /// The `Key: value` pairs of the documents, narrowed to the keys the prompt names when it
    /// names any.
    static func extract(_ prompt: String, documents: [AiDocument]) -> [String: JSONValue] {
        let pairs = documents.flatMap { labelledLines(in: $0.text) }
        let asked = words(prompt)
        let named = pairs.filter { !words($0.label).isDisjoint(with: asked) }
        var answer: [String: JSONValue] = [:]
        for pair in (named.isEmpty ? pairs : named) where answer[pair.label] == nil {
            answer[pair.label] = .string(pair.value)
        }
        return answer
    }

    /// Each field's value (or `null`), how confident the emulation is, and the line it came from.
    static func extractStructured(_ fields: [AiField], documents: [AiDocument])
        -> (answer: [String: JSONValue], confidence: [String: JSONValue], reference: [String: JSONValue]) {
        var answer: [String: JSONValue] = [:]
        var confidence: [String: JSONValue] = [:]
        var reference: [String: JSONValue] = [:]
        let lines = documents.flatMap { document in labelledLines(in: document.text).map { (document, $0) } }
        for field in fields {
            let labels = Set(field.labels.map(normalized))
            var value: JSONValue = .null
            var source: (AiDocument, String)?
            if let match = lines.first(where: { labels.contains(normalized($0.1.label)) }),
               let typed = typedValue(match.1.value, field: field) {
                value = typed
                source = (match.0, "\(match.1.label): \(match.1.value)")
            } else if ["enum", "multiSelect"].contains(field.type) {
                for document in documents {
                    if let typed = typedValue(document.text, field: field) {
                        value = typed
                        source = (document, "")
                        break
                    }
                }
            }
            answer[field.key] = value
            let level = value == .null ? "LOW" : (source?.1.isEmpty == false ? "HIGH" : "MEDIUM")
            confidence[field.key] = ["level": .string(level), "score": .number(level == "HIGH" ? 0.9 : level == "MEDIUM" ? 0.6 : 0.1)]
            if let source {
                reference[field.key] = [["type": "file", "id": .string(source.0.id), "name": .string(source.0.name),
                                         "content": .string(source.1)]]
            }
        }
        return (answer, confidence, reference)
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
            return date(in: text).map { .string(Timestamp.string($0)) }
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

    private static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                                 "october", "november", "december"]

    /// The first date in `text`: `2025-03-31`, `03/31/2025` or `March 31, 2025` / `31 March 2025`.
    static func date(in text: String) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        func make(_ year: Int, _ month: Int, _ day: Int) -> Date? {
            guard (1...12).contains(month), (1...31).contains(day) else { return nil }
            return calendar.date(from: DateComponents(year: year, month: month, day: day))
        }
        let tokens = text.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "-" && $0 != "/" }.map(String.init)
        for (index, token) in tokens.enumerated() {
            let dashed = token.split(separator: "-").compactMap { Int($0) }
            if dashed.count == 3, token.split(separator: "-").first?.count == 4, let date = make(dashed[0], dashed[1], dashed[2]) {
                return date
            }
            let slashed = token.split(separator: "/").compactMap { Int($0) }
            if slashed.count == 3, let date = make(slashed[2], slashed[0], slashed[1]) { return date }
            if let month = months.firstIndex(where: { token.hasPrefix(String($0.prefix(3))) && $0.hasPrefix(token) }) {
                // March 31 2025
                if index + 2 < tokens.count, let day = Int(tokens[index + 1]), let year = Int(tokens[index + 2]), year > 999,
                   let date = make(year, month + 1, day) { return date }
                // 31 March 2025
                if index >= 1, index + 1 < tokens.count, let day = Int(tokens[index - 1]), let year = Int(tokens[index + 1]),
                   year > 999, let date = make(year, month + 1, day) { return date }
            }
        }
        return nil
    }
}
