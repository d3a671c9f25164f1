import Foundation

/// The JSON encoder and decoder every request and response goes through.
///
/// Dates are RFC 3339 (Box sends `2012-12-12T10:53:43-08:00`); keys are written as the
/// API spells them, so generated types carry explicit `CodingKeys` where Swift names differ.
package enum JSONCoding {
    /// A `JSONDecoder` configured as responses are decoded (see ``makeDecoder()``). Safe to
    /// share once configured. Responses themselves go through `decode(_:from:)`.
    package static let decoder: JSONDecoder = makeDecoder()

    /// Decodes a response body: what ``decoder`` would decode, with the same values and the
    /// same `DecodingError`s, in less time.
    ///
    /// The body is parsed once into a flat list of nodes (strict RFC 8259, nesting bounded
    /// at 512 levels), and `Decodable` types then read their properties from it directly:
    /// keys are matched by hash, and no string, number or coding path is made for a value
    /// nobody reads. The generated models spend most of a call's client-side time here.
    ///
    /// - Throws: `DecodingError.dataCorrupted` whose `underlyingError` is a
    ///   ``JSONSyntaxError`` when the bytes are not JSON; otherwise the `DecodingError` that
    ///   `JSONDecoder` would throw for a value that does not match `T` (`typeMismatch`,
    ///   `valueNotFound`, `keyNotFound`, `dataCorrupted`), with its coding path.
    package static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try JSONTape.decode(T.self, from: bytes)
    }

    /// Decodes a body held in `Data`, as the `[UInt8]` overload does.
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decode(type, from: [UInt8](data))
    }

    /// A decoder configured for API responses.
    package static func makeDecoder() -> JSONDecoder {
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

    /// The encoder token storages write with: sorted keys, and dates as the exact `Double`
    /// Foundation keeps (not RFC 3339 or seconds since 1970, whose conversions round), so a
    /// token read back equals the token stored.
    package static let storageEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .deferredToDate
        return encoder
    }()

    /// The decoder token storages read with, the counterpart of ``storageEncoder``.
    package static let storageDecoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .deferredToDate
        return decoder
    }()

    /// The encoder every request body goes through, configured once and shared.
    package static let encoder: JSONEncoder = makeEncoder()

    /// An encoder configured for API requests: RFC 3339 dates, sorted keys (stable bodies
    /// make logs and signatures reproducible), no escaped slashes.
    package static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339Date.string(from: date))
        }
        return encoder
    }
}
