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

    /// The value as a 64-bit integer, also from an integral float (`5.0`, `1e3`), when it
    /// fits.
    static func int64(_ text: String) -> Int64? {
        if let exact = Int64(text) { return exact }
        guard let double = Double(text), double.isFinite else { return nil }
        // Int64.max is not representable as a Double; the nearest one (2^63) overflows.
        guard double >= -9.223372036854775808e18, double < 9.223372036854775808e18 else { return nil }
        return Int64(exactly: double)
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
