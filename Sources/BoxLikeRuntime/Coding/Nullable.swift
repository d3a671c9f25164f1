/// A value that may be explicitly `null`, for request fields where "send null" and "leave
/// out" mean different things.
///
/// Generated request bodies declare nullable fields as `Nullable<T>?`: `nil` leaves the
/// field out (the server keeps its value), `.null` sends `null` (the server clears it) and
/// `.value(x)` sends `x`.
///
/// ```swift
/// // Clear a folder's shared link, keep its name.
/// let body = UpdateFolderByIdRequestBody(sharedLink: .null)
/// ```
public enum Nullable<Wrapped> {
    /// An explicit JSON `null`.
    case null
    /// A value.
    case value(Wrapped)

    /// The value, or `nil` for ``null``.
    public var value: Wrapped? {
        if case .value(let wrapped) = self { return wrapped }
        return nil
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: Encodable where Wrapped: Encodable {
    /// Writes `null` or the value. A single-value container is used so the encoder's
    /// strategies (RFC 3339 dates) apply to the value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .value(let wrapped): try container.encode(wrapped)
        }
    }
}

extension Nullable: Decodable where Wrapped: Decodable {
    /// Reads `null` or a value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }
}

extension KeyedDecodingContainer {
    /// Tells a missing key (`nil`) from an explicit `null` (`.null`).
    ///
    /// Synthesized `Decodable` conformances pick this overload for `Nullable<T>?`
    /// properties; the standard one would turn `null` into `nil` and lose the difference.
    public func decodeIfPresent<T: Decodable>(_ type: Nullable<T>.Type, forKey key: Key) throws -> Nullable<T>? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decode(T.self, forKey: key))
    }
}

// A literal where a `Nullable` is expected is its value, so a field is set as Box's Swift SDK
// sets it: `UpdateFileByIdRequestBody(description: "Quarterly numbers")`.

extension Nullable: ExpressibleByUnicodeScalarLiteral where Wrapped: ExpressibleByStringLiteral {
    /// The value `value`.
    public init(unicodeScalarLiteral value: Wrapped.UnicodeScalarLiteralType) {
        self = .value(Wrapped(unicodeScalarLiteral: value))
    }
}

extension Nullable: ExpressibleByExtendedGraphemeClusterLiteral where Wrapped: ExpressibleByStringLiteral {
    /// The value `value`.
    public init(extendedGraphemeClusterLiteral value: Wrapped.ExtendedGraphemeClusterLiteralType) {
        self = .value(Wrapped(extendedGraphemeClusterLiteral: value))
    }
}

extension Nullable: ExpressibleByStringLiteral where Wrapped: ExpressibleByStringLiteral {
    /// The value `value`.
    public init(stringLiteral value: Wrapped.StringLiteralType) {
        self = .value(Wrapped(stringLiteral: value))
    }
}

extension Nullable: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
    /// The value `value`.
    public init(integerLiteral value: Wrapped.IntegerLiteralType) {
        self = .value(Wrapped(integerLiteral: value))
    }
}

extension Nullable: ExpressibleByFloatLiteral where Wrapped: ExpressibleByFloatLiteral {
    /// The value `value`.
    public init(floatLiteral value: Wrapped.FloatLiteralType) {
        self = .value(Wrapped(floatLiteral: value))
    }
}

extension Nullable: ExpressibleByBooleanLiteral where Wrapped: ExpressibleByBooleanLiteral {
    /// The value `value`.
    public init(booleanLiteral value: Wrapped.BooleanLiteralType) {
        self = .value(Wrapped(booleanLiteral: value))
    }
}

extension Nullable: ExpressibleByArrayLiteral where Wrapped: RangeReplaceableCollection {
    /// The value made of `elements`.
    public init(arrayLiteral elements: Wrapped.Element...) {
        self = .value(Wrapped(elements))
    }
}
