@_exported import BoxLikeJSON
import Foundation

// The server reads request bodies and renders responses as `JSONValue` trees (the type the
// SDK uses too), so `fields` filtering and schema validation work on one representation.
extension JSONValue {
    /// Parses UTF-8 JSON bytes.
    package static func parse(_ bytes: some Collection<UInt8>) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    /// Serialises the value with sorted keys so responses are deterministic.
    package func serialized() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? Array(encoder.encode(self))) ?? Array("null".utf8)
    }

    /// `value` as a string, or `null` when absent.
    static func optional(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    /// An integer built from an `Int` (server records count in `Int`).
    static func int(_ value: Int) -> JSONValue { .integer(Int64(value)) }

    /// The number, when this is an integer or a number.
    var numberValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }
}
