import Foundation

/// A parameter value taken apart for serialization: scalars as their text, arrays and
/// objects with their members in the order the value encodes them (declaration order for
/// generated structs; sorted keys for dictionaries, so the same value always gives the
/// same request).
indirect enum ParameterNode: Equatable, Sendable {
    /// No value (`nil`, JSON `null`): left out.
    case absent
    /// A string, number or boolean as text; `isString` says whether JSON would quote it.
    case scalar(String, isString: Bool)
    /// An array's elements.
    case list([ParameterNode])
    /// An object's members.
    case object([Member])

    /// One member of an object.
    struct Member: Equatable, Sendable {
        var key: String
        var value: ParameterNode
    }

    /// The value as compact JSON text, for a member too deep for the style to express.
    var jsonText: String {
        switch self {
        case .absent: return "null"
        case .scalar(let text, let isString):
            guard isString else { return text }
            let data = (try? JSONCoding.encoder.encode(text)) ?? Data()
            return String(decoding: data, as: UTF8.self)
        case .list(let elements):
            return "[" + elements.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { ParameterNode.scalar($0.key, isString: true).jsonText + ":" + $0.value.jsonText }
                .joined(separator: ",") + "}"
        }
    }
}

/// Encodes any `Encodable` value into a ``ParameterNode`` without going through JSON text:
/// the generated structs' `Codable` conformance says what their members are, and their
/// order is kept.
enum ParameterValueEncoder {
    static func encode<Value: Encodable>(_ value: Value) throws -> ParameterNode {
        let slot = Slot()
        try slot.encode(value, codingPath: [])
        return slot.node
    }
}

/// A marker for dictionaries with string keys, whose members are sorted when encoded.
private protocol StringKeyedDictionary {}
extension Dictionary: StringKeyedDictionary where Key == String {}

/// A place a value is encoded into; containers hand out child slots.
private final class Slot {
    enum Kind { case empty, null, scalar, list, object }
    var kind: Kind = .empty
    var text = ""
    var isString = false
    var children: [Slot] = []
    var keys: [String] = []
    var sortsKeys = false

    var node: ParameterNode {
        switch kind {
        case .empty, .null: return .absent
        case .scalar: return .scalar(text, isString: isString)
        case .list: return .list(children.map(\.node))
        case .object:
            var members = zip(keys, children).map { ParameterNode.Member(key: $0, value: $1.node) }
            if sortsKeys { members.sort { $0.key < $1.key } }
            return .object(members)
        }
    }

    func setScalar(_ text: String, isString: Bool) {
        kind = .scalar
        self.text = text
        self.isString = isString
    }

    func encode<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws {
        switch value {
        case let date as Date:
            setScalar(RFC3339Date.string(from: date), isString: true)
        case let url as URL:
            setScalar(url.absoluteString, isString: true)
        case let decimal as Decimal:
            setScalar(decimal.description, isString: false)
        default:
            try value.encode(to: SlotEncoder(slot: self, codingPath: codingPath))
            if value is any StringKeyedDictionary { sortsKeys = true }
        }
    }

    func child(forKey key: String) -> Slot {
        if kind != .object { kind = .object; children = []; keys = [] }
        let slot = Slot()
        keys.append(key)
        children.append(slot)
        return slot
    }

    func appendedChild() -> Slot {
        if kind != .list { kind = .list; children = [] }
        let slot = Slot()
        children.append(slot)
        return slot
    }
}

private struct SlotEncoder: Encoder {
    let slot: Slot
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if slot.kind != .object { slot.kind = .object; slot.children = []; slot.keys = [] }
        return KeyedEncodingContainer(KeyedSlotContainer<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if slot.kind != .list { slot.kind = .list; slot.children = [] }
        return UnkeyedSlotContainer(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleSlotContainer(slot: slot, codingPath: codingPath)
    }
}

private struct KeyedSlotContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    var codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { slot.child(forKey: key.stringValue).kind = .null }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try slot.child(forKey: key.stringValue).encode(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = slot.child(forKey: key.stringValue)
        return SlotEncoder(slot: child, codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        SlotEncoder(slot: slot.child(forKey: key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        SlotEncoder(slot: slot.child(forKey: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        SlotEncoder(slot: slot.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedSlotContainer: UnkeyedEncodingContainer {
    let slot: Slot
    var codingPath: [any CodingKey]
    var count: Int { slot.children.count }

    mutating func encodeNil() throws { slot.appendedChild().kind = .null }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try slot.appendedChild().encode(value, codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        SlotEncoder(slot: slot.appendedChild(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        SlotEncoder(slot: slot.appendedChild(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        SlotEncoder(slot: slot.appendedChild(), codingPath: codingPath)
    }
}

private struct SingleSlotContainer: SingleValueEncodingContainer {
    let slot: Slot
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.kind = .null }
    mutating func encode(_ value: Bool) throws { slot.setScalar(value ? "true" : "false", isString: false) }
    mutating func encode(_ value: String) throws { slot.setScalar(value, isString: true) }
    mutating func encode(_ value: Double) throws { slot.setScalar(String(value), isString: false) }
    mutating func encode(_ value: Float) throws { slot.setScalar(String(value), isString: false) }
    mutating func encode(_ value: Int) throws { slot.setScalar(String(value), isString: false) }
    mutating func encode(_ value: Int8) throws { slot.setScalar(String(value), isString: false) }
    mutating func encode(_ value: Int16) throws { slot.setScalar(String(value), isString: false) }
    mutating func encode(_ value: Int32) throws { slot.setScalar(String(value), isString: false) }
    mutating func encode(_ value: Int64) throws { slot.setScalar(String(value), isString: false) }
    mutating func encode(_ value: UInt) throws { slot.setScalar(String(value), isString: false) }
    mutating func encode(_ value: UInt8) throws { slot.setScalar(String(value), isString: false) }
    mutating func encode(_ value: UInt16) throws { slot.setScalar(String(value), isString: false) }
    mutating func encode(_ value: UInt32) throws { slot.setScalar(String(value), isString: false) }
    mutating func encode(_ value: UInt64) throws { slot.setScalar(String(value), isString: false) }
    mutating func encode<T: Encodable>(_ value: T) throws { try slot.encode(value, codingPath: codingPath) }
}
