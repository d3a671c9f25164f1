/// Stores a property's value out of line, so a type can contain itself (a folder's parent
/// is a folder).
///
/// Swift structs are laid out inline, so a struct with an optional property of its own
/// type would have infinite size. Generated code marks one property of each such cycle
/// `@Indirect`; reading and writing it looks the same as for any other property.
///
/// ```swift
/// public struct Category: Codable, Sendable {
///     @Indirect public var parent: Category?
/// }
/// ```
@propertyWrapper
public struct Indirect<Value: Sendable>: Sendable {
    /// Immutable, so sharing one between copies is safe; a write replaces it.
    private final class Storage: Sendable {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private var storage: Storage

    /// Wraps a value.
    public init(wrappedValue: Value) {
        storage = Storage(wrappedValue)
    }

    /// The value.
    public var wrappedValue: Value {
        get { storage.value }
        set { storage = Storage(newValue) }
    }
}

extension Indirect: Encodable where Value: Encodable {
    /// Encodes the value as if it were stored inline.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension Indirect: Decodable where Value: Decodable {
    /// Decodes the value as if it were stored inline.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(wrappedValue: try container.decode(Value.self))
    }
}

extension KeyedDecodingContainer {
    /// Lets an optional `@Indirect` property be absent, as a plain optional may be.
    ///
    /// Synthesized conformances ask for the wrapper with `decode(_:forKey:)`, which would
    /// fail on a missing key.
    public func decode<T: Decodable & Sendable>(_ type: Indirect<T?>.Type, forKey key: Key) throws -> Indirect<T?> {
        Indirect(wrappedValue: try decodeIfPresent(T.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Leaves a `nil` optional `@Indirect` property out, as for a plain optional.
    public mutating func encode<T: Encodable & Sendable>(_ value: Indirect<T?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}
