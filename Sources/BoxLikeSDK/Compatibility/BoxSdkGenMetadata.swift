import BoxLikeJSON
import BoxLikeRuntime

/// Box's Swift SDK's name for a JSON value of any shape, such as a metadata field's value:
/// this SDK's `JSONValue`, which compares with literals (`value == "legal"`) and reads as
/// `stringValue`, `intValue`, `boolValue`, `arrayValue` or `objectValue`.
public typealias AnyCodable = JSONValue

extension Metadata {
    /// The instance's own fields by key, as Box's Swift SDK names them: the same dictionary as
    /// `additionalProperties`, never `nil` here.
    public var extraData: [String: AnyCodable]? { additionalProperties }
}

extension MetadataFull {
    /// The instance's own fields by key, as Box's Swift SDK names them: the same dictionary as
    /// `additionalProperties`, never `nil` here.
    public var extraData: [String: AnyCodable]? { additionalProperties }
}
