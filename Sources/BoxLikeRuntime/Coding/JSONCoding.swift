import Foundation

/// The JSON encoder and decoder every request and response goes through.
///
/// Dates are RFC 3339 (Box sends `2012-12-12T10:53:43-08:00`); keys are written as the
/// API spells them, so generated types carry explicit `CodingKeys` where Swift names differ.
public enum JSONCoding {
    /// The decoder every response goes through. `JSONDecoder` is safe to share once
    /// configured, and sharing it keeps its set-up out of every call.
    public static let decoder: JSONDecoder = makeDecoder()

    /// A decoder configured for API responses.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = RFC3339Date.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not an RFC 3339 date-time.")
            }
            return date
        }
        return decoder
    }

    /// The encoder every request body goes through, configured once and shared.
    public static let encoder: JSONEncoder = makeEncoder()

    /// An encoder configured for API requests: RFC 3339 dates, sorted keys (stable bodies
    /// make logs and signatures reproducible), no escaped slashes.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339Date.string(from: date))
        }
        return encoder
    }
}
