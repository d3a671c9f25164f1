/// Reads and writes the keys of an object that its schema does not name
/// (`additionalProperties` next to `properties`), such as the template fields of a
/// metadata instance.
///
/// Generated types with both named and additional properties decode the named ones with
/// their `CodingKeys` and hand the rest to these helpers.
package enum AdditionalPropertiesCoding {
    /// Every member whose key is not in `knownKeys`, decoded as `Value`.
    package static func decode<Value: Decodable>(
        _ type: Value.Type,
        from decoder: any Decoder,
        excluding knownKeys: Set<String>
    ) throws -> [String: Value] {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        var values: [String: Value] = [:]
        for key in container.allKeys where !knownKeys.contains(key.stringValue) {
            values[key.stringValue] = try container.decode(Value.self, forKey: key)
        }
        return values
    }

    /// Writes every member next to the ones the caller encoded already.
    package static func encode<Value: Encodable>(_ values: [String: Value], to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for key in values.keys.sorted() {
            if let value = values[key] {
                try container.encode(value, forKey: AnyCodingKey(key))
            }
        }
    }
}
