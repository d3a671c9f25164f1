import OpenAPIKit30

/// Decodes OpenAPIKit's types straight from a ``SpecValue``, without building another
/// tree first.
///
/// Scalars decode as what they are: a string stays a string even when it looks like `true`
/// or `12` (so an `AnyCodable` example or enum value keeps its type), while a number or
/// boolean still decodes where a string is expected (`version: 1.0`). Errors carry the
/// coding path, which becomes the diagnostic's JSON pointer.
enum SpecValueDecoder {
    static func decode<T: Decodable>(_ type: T.Type, from value: SpecValue,
                                     userInfo: [CodingUserInfoKey: Any] = [:]) throws -> T {
        try Scalars.decode(type, value, nil, userInfo)
    }

    /// Decodes a value found at `location` (member names from the document's root), so
    /// errors name where it is in the whole document.
    static func decode<T: Decodable>(_ type: T.Type, from value: SpecValue, at location: [String],
                                     userInfo: [CodingUserInfoKey: Any] = [:]) throws -> T {
        let path = location.reduce(nil as PathNode?) { parent, name in PathNode(parent: parent, key: NameKey(name)) }
        return try Scalars.decode(type, value, path, userInfo)
    }
}

/// A key for an object member in a coding path.
private struct NameKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

/// A coding path as a chain from the innermost key outwards: a nested container adds one
/// link instead of copying the whole path, and the array is built only when asked for
/// (errors; OpenAPIKit rarely reads it otherwise).
private final class PathNode {
    let parent: PathNode?
    let key: any CodingKey

    init(parent: PathNode?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    static func path(_ node: PathNode?) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var current = node
        while let link = current {
            keys.append(link.key)
            current = link.parent
        }
        return keys.reversed()
    }
}

/// A key for an array element in a coding path.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct TreeDecoder: Decoder {
    let value: SpecValue
    let path: PathNode?
    let userInfo: [CodingUserInfoKey: Any]
    var codingPath: [any CodingKey] { PathNode.path(path) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw DecodingError.typeMismatch(
                [String: Any].self, .init(codingPath: codingPath, debugDescription: "Expected an object, found \(value.jsonTypeName)."))
        }
        return KeyedDecodingContainer(KeyedTreeContainer<Key>(object: object, path: path, userInfo: userInfo))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw DecodingError.typeMismatch(
                [Any].self, .init(codingPath: codingPath, debugDescription: "Expected an array, found \(value.jsonTypeName)."))
        }
        return UnkeyedTreeContainer(elements: elements, path: path, userInfo: userInfo)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleTreeContainer(value: value, path: path, userInfo: userInfo)
    }
}

/// Scalar decoding shared by the three containers.
private enum Scalars {
    /// A type mismatch. OpenAPIKit tries several types in turn for examples and enum values
    /// (`AnyCodable`), so this is a common path: the message names only the JSON type found,
    /// as describing the Swift type is slow; OpenAPIKit's own message names what it expected.
    static func mismatch(_ type: Any.Type, _ value: SpecValue, _ path: PathNode?) -> DecodingError {
        DecodingError.typeMismatch(type, .init(codingPath: PathNode.path(path), debugDescription: "Found \(value.jsonTypeName)."))
    }

    static func string(_ value: SpecValue, _ path: PathNode?) throws -> String {
        guard let text = value.decodedString else { throw mismatch(String.self, value, path) }
        return text
    }

    static func bool(_ value: SpecValue, _ path: PathNode?) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(Bool.self, value, path) }
        return flag
    }

    static func integer<T: FixedWidthInteger>(_ type: T.Type, _ value: SpecValue, _ path: PathNode?) throws -> T {
        guard let number = value.decodedInteger(type) else { throw mismatch(type, value, path) }
        return number
    }

    static func double(_ value: SpecValue, _ path: PathNode?) throws -> Double {
        guard let number = value.decodedDouble else { throw mismatch(Double.self, value, path) }
        return number
    }

    static func decode<T: Decodable>(_ type: T.Type, _ value: SpecValue, _ path: PathNode?,
                                     _ userInfo: [CodingUserInfoKey: Any]) throws -> T {
        // The common scalar types directly, without a decoder for each.
        if type == String.self, let text = try string(value, path) as? T { return text }
        if type == Bool.self, let flag = try bool(value, path) as? T { return flag }
        if type == Int.self, let number = try integer(Int.self, value, path) as? T { return number }
        if type == Double.self, let number = try double(value, path) as? T { return number }
        if type == AnyCodable.self, userInfo[SchemaReader30.enabledKey] as? Bool != false,
           let read = AnyCodableReader.read(value) as? T {
            return read
        }
        if type == OpenAPIKit30.JSONSchema.self, SchemaReader30.isEnabled(userInfo),
           let schema = SchemaReader30.read(value) as? T {
            return schema
        }
        return try T(from: TreeDecoder(value: value, path: path, userInfo: userInfo))
    }
}

private struct KeyedTreeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: SpecObject
    let path: PathNode?
    let userInfo: [CodingUserInfoKey: Any]
    /// Positions by key for large objects (`paths`, `components/schemas`), which OpenAPIKit
    /// reads key by key.
    private let index: [String: Int]?

    var codingPath: [any CodingKey] { PathNode.path(path) }

    init(object: SpecObject, path: PathNode?, userInfo: [CodingUserInfoKey: Any]) {
        self.object = object
        self.path = path
        self.userInfo = userInfo
        if object.count > 12 {
            var positions: [String: Int] = [:]
            positions.reserveCapacity(object.count)
            for (offset, entry) in object.entries.enumerated() where positions[entry.key] == nil {
                positions[entry.key] = offset
            }
            index = positions
        } else {
            index = nil
        }
    }

    var allKeys: [Key] { object.entries.compactMap { Key(stringValue: $0.key) } }

    private func find(_ key: Key) -> SpecValue? {
        if let index {
            return index[key.stringValue].map { object.entries[$0].value }
        }
        let name = key.stringValue
        return object.entries.first { $0.key == name }?.value
    }

    private func require(_ key: Key) throws -> SpecValue {
        guard let value = find(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value for `\(key.stringValue)`."))
        }
        return value
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try require(key) { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try Scalars.bool(require(key), PathNode(parent: path, key: key))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try Scalars.string(require(key), PathNode(parent: path, key: key))
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try Scalars.double(require(key), PathNode(parent: path, key: key))
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try Scalars.integer(Int.self, require(key), PathNode(parent: path, key: key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try Scalars.decode(type, require(key), PathNode(parent: path, key: key), userInfo)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TreeDecoder(value: require(key), path: PathNode(parent: path, key: key), userInfo: userInfo).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TreeDecoder(value: require(key), path: PathNode(parent: path, key: key), userInfo: userInfo).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(value: .object(object), path: path, userInfo: userInfo)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(value: find(key) ?? .null, path: PathNode(parent: path, key: key), userInfo: userInfo)
    }
}

private struct UnkeyedTreeContainer: UnkeyedDecodingContainer {
    let elements: [SpecValue]
    let path: PathNode?
    let userInfo: [CodingUserInfoKey: Any]
    private(set) var currentIndex = 0
    var codingPath: [any CodingKey] { PathNode.path(path) }

    init(elements: [SpecValue], path: PathNode?, userInfo: [CodingUserInfoKey: Any]) {
        self.elements = elements
        self.path = path
        self.userInfo = userInfo
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next<T>(_ type: T.Type) throws -> (SpecValue, PathNode) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [IndexKey(currentIndex)],
                                                          debugDescription: "The array has no more elements."))
        }
        let path = PathNode(parent: self.path, key: IndexKey(currentIndex))
        let value = elements[currentIndex]
        currentIndex += 1
        return (value, path)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let (value, path) = try next(type)
        return try Scalars.string(value, path)
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next(type)
        return try Scalars.decode(type, value, path, userInfo)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, path) = try next([String: Any].self)
        return try TreeDecoder(value: value, path: path, userInfo: userInfo).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next([Any].self)
        return try TreeDecoder(value: value, path: path, userInfo: userInfo).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next(Any.self)
        return TreeDecoder(value: value, path: path, userInfo: userInfo)
    }
}

private struct SingleTreeContainer: SingleValueDecodingContainer {
    let value: SpecValue
    let path: PathNode?
    let userInfo: [CodingUserInfoKey: Any]
    var codingPath: [any CodingKey] { PathNode.path(path) }

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try Scalars.bool(value, path) }
    func decode(_ type: String.Type) throws -> String { try Scalars.string(value, path) }
    func decode(_ type: Double.Type) throws -> Double { try Scalars.double(value, path) }
    func decode(_ type: Float.Type) throws -> Float { Float(try Scalars.double(value, path)) }
    func decode(_ type: Int.Type) throws -> Int { try Scalars.integer(type, value, path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try Scalars.integer(type, value, path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try Scalars.integer(type, value, path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try Scalars.integer(type, value, path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try Scalars.integer(type, value, path) }
    func decode(_ type: UInt.Type) throws -> UInt { try Scalars.integer(type, value, path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try Scalars.integer(type, value, path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try Scalars.integer(type, value, path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try Scalars.integer(type, value, path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try Scalars.integer(type, value, path) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try Scalars.decode(type, value, path, userInfo)
    }
}

extension SpecValue {
    /// The value as the decoder reads a `String`: strings, and numbers and booleans as their
    /// text (`version: 1.0`).
    var decodedString: String? {
        switch self {
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null, .array, .object: nil
        }
    }

    /// The value as the decoder reads an integer: a number literal that is a whole number in
    /// the type's range.
    func decodedInteger<T: FixedWidthInteger>(_ type: T.Type) -> T? {
        guard case .number(let text) = self else { return nil }
        return T(text)
    }

    /// The value as the decoder reads a `Double`: any number literal.
    var decodedDouble: Double? {
        guard case .number(let text) = self else { return nil }
        return Double(text)
    }
}
