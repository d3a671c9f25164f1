import Foundation

/// A `Decoder` over a ``JSONTape``: the runtime's decoder for API responses.
///
/// It decodes what `JSONCoding.decoder` decodes, with the same results and the same kinds
/// of `DecodingError` at the same coding paths (RFC 3339 dates, base64 `Data`, `URL`s and
/// `Decimal`s from JSON strings and numbers; a number that does not fit names its path,
/// where JSONDecoder leaves it empty), but reads values straight from the parsed bytes: a key is found by
/// its hash, a value is only turned into a `String` or number when asked for, and no coding
/// path is built unless an error needs one. A decoder is a node index into a shared tape,
/// so nested values cost no allocation.
struct TapeDecoder: Decoder {
    let tape: JSONTape
    let node: Int

    var codingPath: [any CodingKey] { tape.codingPath(to: node) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try tape.expectObject(at: node)
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(tape: tape, node: node))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try tape.expect(.array, [Any].self, at: node, container: "unkeyed decoding container")
        return TapeUnkeyedContainer(tape: tape, node: node)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TapeSingleValueContainer(tape: tape, node: node)
    }
}

// MARK: - Values

extension JSONTape {
    /// Decodes `bytes` as `T`: what a `JSONDecoder` with RFC 3339 dates would decode, with
    /// the same values and the same `DecodingError`s.
    ///
    /// - Throws: `DecodingError.dataCorrupted` whose `underlyingError` is a
    ///   ``JSONSyntaxError`` when the bytes are not JSON; otherwise the `DecodingError` that
    ///   `JSONDecoder` would throw for a value that does not match `T`.
    package static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let tape: JSONTape
        do {
            tape = try JSONTape(parsing: bytes)
        } catch let error as JSONSyntaxError {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
        }
        return try tape.decode(T.self, at: 0)
    }

    /// Decodes the value at `index` as `T`.
    func decode<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
        // Types JSONDecoder treats specially (or that are cheaper read directly).
        if T.self == String.self { return try cast(string(at: index, as: T.self), index) }
        if T.self == Date.self { return try cast(date(at: index), index) }
        if T.self == Int64.self { return try cast(integer(Int64.self, at: index), index) }
        if T.self == Bool.self { return try cast(bool(at: index), index) }
        if T.self == Int.self { return try cast(integer(Int.self, at: index), index) }
        if T.self == Double.self { return try cast(double(at: index), index) }
        if T.self == URL.self { return try cast(url(at: index), index) }
        if T.self == Data.self { return try cast(data(at: index), index) }
        if T.self == Decimal.self { return try cast(decimal(at: index), index) }
        if T.self == JSONValue.self { return try cast(jsonValue(at: index), index) }
        return try T(from: TapeDecoder(tape: self, node: index))
    }

    /// The value at `index` as a `JSONValue`, built straight from the tape: what
    /// `JSONValue.init(from:)` gives (a whole number that fits `Int64` is `.integer`, the
    /// first of duplicate keys wins), without trying each kind in turn and building an error
    /// for every miss.
    func jsonValue(at index: Int) throws -> JSONValue {
        let node = nodes[index]
        switch node.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .string: return .string(try string(at: index, as: JSONValue.self))
        case .number:
            if let integer = exactInteger(Int64.self, at: index) { return .integer(integer) }
            return .number(try double(at: index))
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(node.second))
            var child = index + 1
            while child < Int(node.next) {
                elements.append(try jsonValue(at: child))
                child = Int(nodes[child].next)
            }
            return .array(elements)
        case .object:
            try expectObject(at: index)
            var object: [String: JSONValue] = [:]
            object.reserveCapacity(Int(node.second))
            for member in Int(node.first)..<Int(node.first + node.second) {
                let key = Int(members[member].key)
                let name = keyText(at: key)
                if object[name] == nil { object[name] = try jsonValue(at: key + 1) }
            }
            return .object(object)
        }
    }

    private func cast<T>(_ value: some Any, _ index: Int) throws -> T {
        guard let value = value as? T else {
            throw DecodingError.typeMismatch(T.self, DecodingError.Context(
                codingPath: codingPath(to: index), debugDescription: "Expected to decode \(T.self)."))
        }
        return value
    }

    func string<T>(at index: Int, as type: T.Type) throws -> String {
        guard nodes[index].kind == .string else { throw mismatch(type, at: index) }
        guard let text = text(at: index) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath(to: index), debugDescription: "The string is not valid UTF-8."))
        }
        return text
    }

    func bool(at index: Int) throws -> Bool {
        switch nodes[index].kind {
        case .true: return true
        case .false: return false
        default: throw mismatch(Bool.self, at: index)
        }
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type, at index: Int) throws -> T {
        guard nodes[index].kind == .number else { throw mismatch(T.self, at: index) }
        if let value = exactInteger(T.self, at: index) { return value }
        throw notRepresentable(numberText(at: index), T.self, at: index)
    }

    /// The number node at `index` as a `T`, when it is a whole number that fits.
    func exactInteger<T: FixedWidthInteger>(_ type: T.Type, at index: Int) -> T? {
        if nodes[index].flag != 0, let (negative, magnitude) = digits(at: index) {
            guard negative else { return T(exactly: magnitude) }
            if magnitude == 0 { return 0 }
            guard T.isSigned, magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return T(exactly: magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
        }
        // `1.0` and `1e3` are whole numbers, as JSONDecoder agrees (and so are plain digits
        // beyond 64 bits, which then do not fit).
        guard let double = Double(numberText(at: index)), double.isFinite else { return nil }
        return T(exactly: double)
    }

    /// The sign and magnitude of a plain-digits number node, read without making a string;
    /// `nil` when the magnitude does not fit 64 bits.
    private func digits(at index: Int) -> (negative: Bool, magnitude: UInt64)? {
        let node = nodes[index]
        return bytes.withUnsafeBufferPointer { buffer -> (Bool, UInt64)? in
            var position = Int(node.first)
            let end = Int(node.second)
            let negative = buffer[position] == UInt8(ascii: "-")
            if negative { position += 1 }
            var magnitude: UInt64 = 0
            while position < end {
                let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
                let (next, overflow2) = shifted.addingReportingOverflow(UInt64(buffer[position] &- UInt8(ascii: "0")))
                if overflow1 || overflow2 { return nil }
                magnitude = next
                position += 1
            }
            return (negative, magnitude)
        }
    }

    func double(at index: Int) throws -> Double {
        guard nodes[index].kind == .number else { throw mismatch(Double.self, at: index) }
        let text = numberText(at: index)
        guard let value = Double(text), value.isFinite else { throw notRepresentable(text, Double.self, at: index) }
        return value
    }

    func float(at index: Int) throws -> Float {
        guard nodes[index].kind == .number else { throw mismatch(Float.self, at: index) }
        let text = numberText(at: index)
        guard let value = Float(text), value.isFinite else { throw notRepresentable(text, Float.self, at: index) }
        return value
    }

    func date(at index: Int) throws -> Date {
        let text = try string(at: index, as: Date.self)
        guard let date = RFC3339Date.date(from: text) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath(to: index), debugDescription: "'\(text)' is not an RFC 3339 date-time."))
        }
        return date
    }

    func url(at index: Int) throws -> URL {
        guard let url = URL(string: try string(at: index, as: URL.self)) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath(to: index), debugDescription: "Invalid URL string."))
        }
        return url
    }

    func data(at index: Int) throws -> Data {
        guard let data = Data(base64Encoded: try string(at: index, as: Data.self)) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath(to: index), debugDescription: "Encountered Data is not valid Base64."))
        }
        return data
    }

    func decimal(at index: Int) throws -> Decimal {
        guard nodes[index].kind == .number else { throw mismatch(Decimal.self, at: index) }
        let text = numberText(at: index)
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw notRepresentable(text, Decimal.self, at: index)
        }
        return value
    }

    /// The error for a value of the wrong kind: `valueNotFound` for `null`, as JSONDecoder.
    func mismatch(_ type: Any.Type, at index: Int) -> DecodingError {
        let kind = nodes[index].kind
        if kind == .null {
            return DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath(to: index), debugDescription: "Expected \(type) value but found null instead."))
        }
        return DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: codingPath(to: index), debugDescription: "Expected to decode \(type) but found \(kind.article) instead."))
    }

    private func notRepresentable(_ text: String, _ type: Any.Type, at index: Int) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: codingPath(to: index), debugDescription: "Parsed JSON number <\(text)> does not fit in \(type)."))
    }

    /// Checks that the value at `index` is an object whose keys are all valid text.
    func expectObject(at index: Int) throws {
        try expect(.object, [String: Any].self, at: index, container: "keyed decoding container")
        if nodes[index].flag & JSONTape.invalidFlag != 0 {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath(to: index), debugDescription: "A key of the object is not valid text."))
        }
    }

    func expect(_ kind: Kind, _ type: Any.Type, at index: Int, container: String) throws {
        let found = nodes[index].kind
        guard found != kind else { return }
        if found == .null {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath(to: index), debugDescription: "Cannot get \(container) -- found null value instead"))
        }
        throw mismatch(type, at: index)
    }
}

extension JSONTape.Kind {
    /// How errors name the kind.
    var article: String {
        switch self {
        case .object: return "a dictionary"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .true, .false: return "bool"
        case .null: return "null"
        }
    }
}

// MARK: - Containers

struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let tape: JSONTape
    let node: Int

    var codingPath: [any CodingKey] { tape.codingPath(to: node) }
    var allKeys: [Key] { tape.keys(ofObject: node).compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { tape.value(forKey: key.stringValue, inObject: node) != nil }

    /// The node under `key`; `keyNotFound` when there is none.
    @inline(__always)
    private func value(_ key: Key) throws -> Int {
        guard let value = tape.value(forKey: key.stringValue, inObject: node) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return value
    }

    /// The node under `key` unless it is missing or `null`.
    @inline(__always)
    private func present(_ key: Key) -> Int? {
        guard let value = tape.value(forKey: key.stringValue, inObject: node),
              tape.nodes[value].kind != .null else { return nil }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { tape.nodes[try value(key)].kind == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try tape.bool(at: value(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try tape.string(at: value(key), as: type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try tape.double(at: value(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try tape.float(at: value(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try tape.integer(type, at: value(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try tape.integer(type, at: value(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try tape.integer(type, at: value(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try tape.integer(type, at: value(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try tape.integer(type, at: value(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try tape.integer(type, at: value(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try tape.integer(type, at: value(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try tape.integer(type, at: value(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try tape.integer(type, at: value(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try tape.integer(type, at: value(key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try tape.decode(type, at: value(key)) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let value = present(key) else { return nil }
        return try tape.bool(at: value)
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let value = present(key) else { return nil }
        return try tape.string(at: value, as: type)
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let value = present(key) else { return nil }
        return try tape.double(at: value)
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard let value = present(key) else { return nil }
        return try tape.float(at: value)
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(type, key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = present(key) else { return nil }
        return try tape.decode(type, at: value)
    }

    private func integerIfPresent<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let value = present(key) else { return nil }
        return try tape.integer(type, at: value)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TapeDecoder(tape: tape, node: value(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TapeDecoder(tape: tape, node: value(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        guard let value = tape.value(forKey: "super", inObject: node) else {
            throw DecodingError.keyNotFound(AnyCodingKey("super"), DecodingError.Context(
                codingPath: codingPath, debugDescription: "No value associated with key \"super\"."))
        }
        return TapeDecoder(tape: tape, node: value)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { TapeDecoder(tape: tape, node: try value(key)) }
}

struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let tape: JSONTape
    let node: Int
    let count: Int?
    private(set) var currentIndex = 0
    /// The node of the element at `currentIndex`.
    private var cursor: Int

    init(tape: JSONTape, node: Int) {
        self.tape = tape
        self.node = node
        self.count = Int(tape.nodes[node].second)
        self.cursor = node + 1
    }

    var codingPath: [any CodingKey] { tape.codingPath(to: node) }
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    private func element(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath + [AnyCodingKey(index: currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        return cursor
    }

    private mutating func advance() {
        cursor = Int(tape.nodes[cursor].next)
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        let element = try element(Any?.self)
        guard tape.nodes[element].kind == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next { try $0.bool(at: $1) } }
    mutating func decode(_ type: String.Type) throws -> String { try next { try $0.string(at: $1, as: type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next { try $0.double(at: $1) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next { try $0.float(at: $1) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next { try $0.integer(type, at: $1) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next { try $0.integer(type, at: $1) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next { try $0.integer(type, at: $1) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next { try $0.integer(type, at: $1) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next { try $0.integer(type, at: $1) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next { try $0.integer(type, at: $1) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next { try $0.integer(type, at: $1) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next { try $0.integer(type, at: $1) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next { try $0.integer(type, at: $1) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next { try $0.integer(type, at: $1) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next { try $0.decode(type, at: $1) } }

    /// Decodes the current element with `read` and moves on only when that succeeds.
    private mutating func next<T>(_ read: (JSONTape, Int) throws -> T) throws -> T {
        let value = try read(tape, element(T.self))
        advance()
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next { try TapeDecoder(tape: $0, node: $1).container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next { try TapeDecoder(tape: $0, node: $1).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next { TapeDecoder(tape: $0, node: $1) }
    }
}

struct TapeSingleValueContainer: SingleValueDecodingContainer {
    let tape: JSONTape
    let node: Int

    var codingPath: [any CodingKey] { tape.codingPath(to: node) }

    func decodeNil() -> Bool { tape.nodes[node].kind == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try tape.bool(at: node) }
    func decode(_ type: String.Type) throws -> String { try tape.string(at: node, as: type) }
    func decode(_ type: Double.Type) throws -> Double { try tape.double(at: node) }
    func decode(_ type: Float.Type) throws -> Float { try tape.float(at: node) }
    func decode(_ type: Int.Type) throws -> Int { try tape.integer(type, at: node) }
    func decode(_ type: Int8.Type) throws -> Int8 { try tape.integer(type, at: node) }
    func decode(_ type: Int16.Type) throws -> Int16 { try tape.integer(type, at: node) }
    func decode(_ type: Int32.Type) throws -> Int32 { try tape.integer(type, at: node) }
    func decode(_ type: Int64.Type) throws -> Int64 { try tape.integer(type, at: node) }
    func decode(_ type: UInt.Type) throws -> UInt { try tape.integer(type, at: node) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try tape.integer(type, at: node) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try tape.integer(type, at: node) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try tape.integer(type, at: node) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try tape.integer(type, at: node) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try tape.decode(type, at: node) }
}
