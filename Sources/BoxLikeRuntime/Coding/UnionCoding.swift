/// Shared decoding and encoding for generated `oneOf` enumerations, so each generated
/// union only lists its variants.
package enum UnionCoding {
    /// The discriminator property's string value, or `nil` when the object lacks it.
    ///
    /// - Throws: `DecodingError` when the value is not an object or the property is not a
    ///   string.
    package static func discriminator(_ property: String, in decoder: any Decoder) throws -> String? {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        return try container.decodeIfPresent(String.self, forKey: AnyCodingKey(property))
    }

    /// Decodes one variant through a single-value container, so decoder strategies (RFC
    /// 3339 dates) apply to it as they would to a property.
    package static func decode<Variant: Decodable>(_ type: Variant.Type, from decoder: any Decoder) throws -> Variant {
        try decoder.singleValueContainer().decode(Variant.self)
    }

    /// Tries each candidate in order and returns the first that decodes.
    ///
    /// For unions without a discriminator. The order is the specification's, so a variant
    /// whose required fields are a subset of a later one's should come later there.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the union when no candidate matches.
    package static func decodeFirstMatch<Union>(
        _ union: Union.Type,
        from decoder: any Decoder,
        candidates: [(any Decoder) throws -> Union]
    ) throws -> Union {
        for candidate in candidates {
            if let value = try? candidate(decoder) {
                return value
            }
        }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "The value matches none of the variants of \(Union.self)."
        ))
    }

    /// Encodes one variant through a single-value container (see ``decode(_:from:)``).
    package static func encode(_ value: some Encodable, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
