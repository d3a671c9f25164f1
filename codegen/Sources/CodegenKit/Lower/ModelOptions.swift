/// Choices the caller makes about the generated code.
package struct ModelOptions: Sendable, Hashable {
    /// Type names generated code must not declare because other code in the same module
    /// (or the runtime) already does; a schema with such a name gets a `Model` suffix.
    package var reservedTypeNames: Set<String>
    /// The spec's path as file headers name it.
    package var specDisplayName: String
    /// The name of the struct holding every manager.
    package var managersContainerName: String

    /// Creates options.
    package init(reservedTypeNames: Set<String> = [], specDisplayName: String = "specs/boxlike.yaml",
                managersContainerName: String = "GeneratedManagers") {
        self.reservedTypeNames = reservedTypeNames
        self.specDisplayName = specDisplayName
        self.managersContainerName = managersContainerName
    }

    /// Names every generated module must leave alone: the standard library's and
    /// Foundation's common types and the runtime's types that generated code uses.
    package static let alwaysReservedTypeNames: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "Character", "Codable", "CodingKey", "CodingKeys", "Collection",
        "Data", "Date", "Decimal", "Decodable", "Decoder", "Dictionary", "Double", "Encodable", "Encoder", "Equatable",
        "Error", "Float", "Foundation", "Hashable", "Identifiable", "Int", "Int16", "Int32", "Int64", "Int8", "Never",
        "Optional", "Protocol", "Result", "Self", "Sendable", "Sequence", "Set", "String", "Substring", "Task",
        "Type", "UInt", "UInt16", "UInt32", "UInt64", "UInt8", "URL", "UUID", "Void",
        "AdditionalPropertiesCoding", "AnyCodingKey", "APIResponse", "BoxLikeRuntime", "ByteSource", "ByteStream",
        "HTTPMethod", "Indirect", "JSONCoding", "JSONValue", "MultipartPart", "Nullable", "OpenEnum",
        "QueryParameters", "QueryParameterValue", "RequestBody", "RequestDescription", "RequestExecutor",
        "ResponseKind", "ServerID", "UnionCoding",
    ]
}
