/// Reads JSON text into a ``SpecValue``, keeping member order and number literals.
///
/// Foundation's `JSONSerialization` gives unordered dictionaries, and member order decides
/// the order of declarations in the generated code; so JSON has its own small reader
/// rather than going through the YAML parser (which rejects some valid JSON, such as `\/`
/// escapes, and is slower). A repeated member keeps its first place and its last value.
struct JSONTreeReader {
    /// A syntax error and where it is (1-based).
    struct SyntaxError: Error, Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0
    private static let maximumDepth = 512

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Whether a member read so far could need the bundler
    /// (``ExternalReferenceBundler/mayNeedBundling(_:)``): noted while reading, so a large
    /// document needs no walk of its own to find out.
    private var mayNeedBundling = false

    /// Parses a whole document.
    static func read(_ text: String) throws(SyntaxError) -> SpecValue {
        try readNotingBundling(text).value
    }

    /// Parses a whole document, and tells whether it may need bundling: `true` when
    /// ``ExternalReferenceBundler/mayNeedBundling(_:)`` would say so of the value (and, for a
    /// member repeated with another value, possibly when it would not).
    static func readNotingBundling(_ text: String) throws(SyntaxError) -> (value: SpecValue, mayNeedBundling: Bool) {
        var reader = JSONTreeReader(text)
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        reader.skipWhitespace()
        let value = try reader.readValue()
        reader.skipWhitespace()
        guard reader.position == reader.bytes.count else {
            throw reader.error("unexpected text after the JSON value")
        }
        return (value, reader.mayNeedBundling)
    }

    /// Notes a member the bundler could act on: a `mapping`, or a `$ref` that is not a plain
    /// pointer into this document or points inside a component schema.
    private mutating func noteBundlingHint(key: String, value: SpecValue) {
        guard !mayNeedBundling, let first = key.utf8.first,
              first == UInt8(ascii: "$") || first == UInt8(ascii: "m") else { return }
        if key == "mapping" {
            mayNeedBundling = true
        } else if key == "$ref", case .string(let reference) = value,
                  !ExternalReferenceBundler.isPlainLocalReference(reference)
                    || ExternalReferenceBundler.pointsInsideComponentSchema(reference) {
            mayNeedBundling = true
        }
    }

    // MARK: Values

    private mutating func readValue() throws(SyntaxError) -> SpecValue {
        guard let byte = peek() else { throw error("unexpected end of the file; expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw error("unexpected character \(describe(byte)); expected a value")
        }
    }

    private mutating func readObject() throws(SyntaxError) -> SpecValue {
        try enter()
        position += 1
        var entries: [SpecObject.Entry] = []
        // Positions by key once an object is large (`paths`, `components/schemas`): a repeated
        // key replaces the earlier value in its place, and a linear search per member would
        // make large objects quadratic.
        var positions: [String: Int]?
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(SpecObject(entries))
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes") }
            let key = try readString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected `:` after the member name") }
            position += 1
            skipWhitespace()
            let value = try readValue()
            noteBundlingHint(key: key, value: value)
            let existing: Int?
            if let positions {
                existing = positions[key]
            } else {
                existing = entries.firstIndex { $0.key == key }
                if entries.count >= 16 {
                    positions = Dictionary(entries.enumerated().map { ($0.element.key, $0.offset) },
                                           uniquingKeysWith: { first, _ in first })
                }
            }
            if let existing {
                entries[existing].value = value
            } else {
                positions?[key] = entries.count
                entries.append(SpecObject.Entry(key: key, value: value))
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; depth -= 1; return .object(SpecObject(entries))
            default: throw error("expected `,` or `}` in the object")
            }
        }
    }

    private mutating func readArray() throws(SyntaxError) -> SpecValue {
        try enter()
        position += 1
        var elements: [SpecValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try readValue())
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; depth -= 1; return .array(elements)
            default: throw error("expected `,` or `]` in the array")
            }
        }
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested more than \(Self.maximumDepth) levels deep") }
    }

    private mutating func readNumber() throws(SyntaxError) -> String {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        guard let first = peek(), isDigit(first) else { throw error("expected a digit") }
        if first == UInt8(ascii: "0") {
            position += 1
        } else {
            skipDigits()
        }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard let next = peek(), isDigit(next) else { throw error("expected a digit after the decimal point") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard let next = peek(), isDigit(next) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func readString() throws(SyntaxError) -> String {
        position += 1
        // Most strings have no escapes: take their bytes as they are.
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: bytes[start..<position - 1], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            position += 1
        }
        var utf8 = Array(bytes[start..<position])
        while true {
            guard let byte = peek() else { throw error("unterminated string") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &utf8)
            case 0..<0x20:
                position -= 1
                throw error("control character \(describe(byte)) in a string; escape it")
            default:
                utf8.append(byte)
            }
        }
    }

    private mutating func readEscape(into utf8: inout [UInt8]) throws(SyntaxError) {
        guard let byte = peek() else { throw error("unterminated escape") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate; a low one must follow for a character outside the BMP.
                guard peek() == UInt8(ascii: "\\"), peek(offset: 1) == UInt8(ascii: "u") else {
                    throw error("unpaired UTF-16 surrogate in \\u escape")
                }
                position += 2
                let low = try readHexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired UTF-16 surrogate in \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let character = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
            utf8.append(contentsOf: Array(String(Character(character)).utf8))
        default:
            position -= 1
            throw error("invalid escape \\\(describe(byte))")
        }
    }

    private mutating func readHexQuad() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = hexValue(byte) else { throw error("expected four hex digits after \\u") }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private mutating func expectWord(_ word: StaticString) throws(SyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - position >= expected.count,
              bytes[position..<position + expected.count].elementsEqual(expected) else {
            throw error("unexpected word; expected `\(word)`")
        }
        position += expected.count
    }

    // MARK: Bytes

    private func peek(offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            position += 1
        }
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "`\(Character(Unicode.Scalar(byte)))`" : "0x" + String(byte, radix: 16)
    }

    /// An error at the current position, with its line and column (columns count
    /// characters, as editors do).
    private func error(_ message: String) -> SyntaxError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(position, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<min(position, bytes.count)], as: UTF8.self).count + 1
        return SyntaxError(line: line, column: column, message: message)
    }
}
