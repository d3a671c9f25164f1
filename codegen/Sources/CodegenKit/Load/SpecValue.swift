/// A spec file's content as plain data, before OpenAPIKit sees it: what YAML and JSON
/// have in common, with mapping order kept (it decides declaration order downstream).
///
/// Numbers keep their literal text, so a bound like `9223372036854775807` or `1e400` can
/// be checked for range instead of being rounded on the way in.
enum SpecValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number's literal text (`42`, `-1.5e3`).
    case number(String)
    case string(String)
    case array([SpecValue])
    case object(SpecObject)

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var object: SpecObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    var array: [SpecValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The JSON Schema type name of the value (`integer` for whole numbers).
    var jsonTypeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number(let text): SpecNumber.isInteger(text) ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Scalars as text (`1`, `true`, `null`); `nil` for arrays and objects.
    var scalarText: String? {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let text), .string(let text): text
        case .array, .object: nil
        }
    }

    /// The value at a JSON pointer's tokens below this one.
    func value(at tokens: some Collection<String>) -> SpecValue? {
        var current = self
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(token), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}

/// A mapping with its keys in document order. Setting an existing key keeps its place.
struct SpecObject: Hashable, Sendable, Sequence {
    struct Entry: Hashable, Sendable {
        var key: String
        var value: SpecValue
    }

    private(set) var entries: [Entry] = []

    init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    init(_ pairs: KeyValuePairs<String, SpecValue>) {
        entries = pairs.map { Entry(key: $0.key, value: $0.value) }
    }

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }
    var keys: [String] { entries.map(\.key) }

    func makeIterator() -> IndexingIterator<[Entry]> {
        entries.makeIterator()
    }

    func contains(_ key: String) -> Bool {
        entries.contains { $0.key == key }
    }

    subscript(key: String) -> SpecValue? {
        get { entries.first { $0.key == key }?.value }
        set {
            let index = entries.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): entries[index].value = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append(Entry(key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    /// Removes a key and returns its value.
    @discardableResult
    mutating func removeValue(forKey key: String) -> SpecValue? {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        return entries.remove(at: index).value
    }

    /// Changes every value in place, in order, with its key.
    mutating func updateValues(_ body: (String, inout SpecValue) throws -> Void) rethrows {
        for index in entries.indices {
            try body(entries[index].key, &entries[index].value)
        }
    }
}

extension SpecValue {
    /// Changes the object this value holds in place; does nothing for other values.
    ///
    /// The value is emptied while `body` runs so the object's storage is not shared and
    /// changes do not copy it.
    mutating func withObject(_ body: (inout SpecObject) throws -> Void) rethrows {
        guard case .object(var object) = self else { return }
        self = .null
        defer { self = .object(object) }
        try body(&object)
    }

    /// Changes the array this value holds in place; does nothing for other values.
    mutating func withArray(_ body: (inout [SpecValue]) throws -> Void) rethrows {
        guard case .array(var elements) = self else { return }
        self = .null
        defer { self = .array(elements) }
        try body(&elements)
    }
}

/// Checks on a number's literal text.
enum SpecNumber {
    /// Whether the text is a whole number without a fraction or exponent (`-12`).
    static func isInteger(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigitCharacter)
    }

    /// What a number literal is as an integer, decided on its written digits: `1e3`,
    /// `5.0` and `-9.223372036854775808e18` are whole numbers that fit in 64 bits, and
    /// `9.223372036854776e+18` (2^63 rounded to 16 digits) does not fit, although the
    /// `Double` it reads as equals `Double(Int64.max)`.
    enum IntegerReading: Equatable {
        case fits(Int64)
        case fractional
        /// A whole number below `Int64.min` (`negative`) or above `Int64.max`.
        case outOfRange(negative: Bool)
        case notANumber
    }

    static func integerReading(_ text: String) -> IntegerReading {
        if let exact = Int64(text) { return .fits(exact) }
        var bytes = Substring(text).utf8[...]
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        // The significant digits, and how many of them stand before the decimal point.
        var digits: [UInt8] = []
        var integerDigits = 0
        var sawPoint = false
        while let byte = bytes.first, isDigit(byte) || (byte == UInt8(ascii: ".") && !sawPoint) {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: ".") {
                sawPoint = true
                continue
            }
            digits.append(byte)
            if !sawPoint { integerDigits += 1 }
        }
        guard !digits.isEmpty else { return .notANumber }
        var exponent = 0
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var exponentNegative = false
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                exponentNegative = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            guard let first = bytes.first, isDigit(first) else { return .notANumber }
            while let byte = bytes.first, isDigit(byte) {
                bytes = bytes.dropFirst()
                // Anything past a few digits is far beyond 64 bits (or far below 1) already.
                exponent = min(exponent * 10 + Int(byte - UInt8(ascii: "0")), 100_000)
            }
            if exponentNegative { exponent = -exponent }
        }
        guard bytes.isEmpty else { return .notANumber }
        // value = 0.d1d2d3... × 10^pointPosition
        var pointPosition = integerDigits + exponent
        while let first = digits.first, first == UInt8(ascii: "0") {
            digits.removeFirst()
            pointPosition -= 1
        }
        while let last = digits.last, last == UInt8(ascii: "0") { digits.removeLast() }
        if digits.isEmpty { return .fits(0) }
        if digits.count > pointPosition { return .fractional }
        // Int64 has at most 19 digits.
        if pointPosition > 19 { return .outOfRange(negative: negative) }
        let whole = String(decoding: digits, as: UTF8.self) + String(repeating: "0", count: pointPosition - digits.count)
        guard let value = Int64((negative ? "-" : "") + whole) else { return .outOfRange(negative: negative) }
        return .fits(value)
    }

    /// The value as a finite double.
    static func finiteDouble(_ text: String) -> Double? {
        guard let double = Double(text), double.isFinite else { return nil }
        return double
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool {
        guard let ascii = asciiValue else { return false }
        return ascii >= UInt8(ascii: "0") && ascii <= UInt8(ascii: "9")
    }
}
