/// A Swift type as a declaration or signature uses it.
///
/// Optionality is not part of the reference: whether a property or parameter may be
/// absent is said where it is used.
package indirect enum TypeReference: Hashable, Sendable {
    /// `String`.
    case string
    /// `Int64`.
    case int64
    /// `Double`.
    case double
    /// `Bool`.
    case bool
    /// `Date` (RFC 3339 on the wire).
    case date
    /// Any JSON value (`JSONValue`).
    case jsonValue
    /// Bytes sent from a `ByteSource` (multipart file parts).
    case byteSource
    /// A generated type, by its Swift name.
    case named(String)
    /// `[Element]`.
    case array(TypeReference)
    /// `[String: Value]`.
    case dictionary(TypeReference)

    /// The generated type this reference names directly, if any.
    package var namedType: String? {
        if case .named(let name) = self { return name }
        return nil
    }

    /// How Swift spells the type: `[String: JSONValue]`, `FolderFull`.
    package var swiftSpelling: String {
        switch self {
        case .string: "String"
        case .int64: "Int64"
        case .double: "Double"
        case .bool: "Bool"
        case .date: "Date"
        case .jsonValue: "JSONValue"
        case .byteSource: "ByteSource"
        case .named(let name): name
        case .array(let element): "[\(element.swiftSpelling)]"
        case .dictionary(let value): "[String: \(value.swiftSpelling)]"
        }
    }

    /// Every generated type this reference mentions, including inside collections.
    package var mentionedNames: [String] {
        switch self {
        case .named(let name): [name]
        case .array(let element): element.mentionedNames
        case .dictionary(let value): value.mentionedNames
        default: []
        }
    }
}
