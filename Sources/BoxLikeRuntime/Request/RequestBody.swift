import Foundation
import OpenAPIRuntime

/// The body of a described request.
package enum RequestBody: Sendable {
    /// A value encoded as JSON; `contentType` defaults to `application/json` (JSON Patch
    /// bodies use `application/json-patch+json`).
    case json(any Encodable & Sendable, contentType: String = "application/json")
    /// A flat value encoded as `application/x-www-form-urlencoded`: each non-nil stored
    /// property becomes one field.
    case form(any Encodable & Sendable)
    /// A `multipart/form-data` body whose parts are sent in order, streamed.
    case multipart([MultipartPart])
    /// Raw bytes from a source, streamed.
    case binary(ByteSource, contentType: String = "application/octet-stream")

    /// Whether the body can be sent again for a retry.
    package var isReplayable: Bool {
        switch self {
        case .json, .form: true
        case .binary(let source, _): source.isReplayable
        case .multipart(let parts): parts.allSatisfy(\.isReplayable)
        }
    }

    /// Produces the bytes to send for one attempt, with their content type.
    ///
    /// - Throws: ``RequestBodyError`` when the value cannot be encoded, or a
    ///   ``ByteSourceError`` when a source cannot be read.
    package func makeHTTPBody() throws -> (body: HTTPBody, contentType: String, length: Int64?) {
        switch self {
        case .json(let value, let contentType):
            let data: Data
            do {
                data = try JSONCoding.encoder.encode(value)
            } catch {
                throw RequestBodyError.unencodable(String(describing: error))
            }
            return (HTTPBody(data), contentType, Int64(data.count))
        case .form(let value):
            let text = try FormURLEncoding.encode(value)
            let bytes = Array(text.utf8)
            return (HTTPBody(bytes), "application/x-www-form-urlencoded", Int64(bytes.count))
        case .multipart(let parts):
            let multipart = try MultipartEncoder(parts: parts)
            return (multipart.body, multipart.contentType, multipart.length)
        case .binary(let source, let contentType):
            return (try source.makeStream(), contentType, source.length)
        }
    }
}

/// A request body that cannot be encoded.
enum RequestBodyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The value failed to encode.
    case unencodable(String)
    /// A form body held a value that is not a flat scalar.
    case unsupportedFormValue(field: String)
    /// A multipart part's content type holds a line break or NUL, which would inject headers.
    case invalidPartContentType(part: String)

    /// A sentence naming the problem.
    var description: String {
        switch self {
        case .unencodable(let reason): "The request body could not be encoded: \(reason)"
        case .unsupportedFormValue(let field):
            "The form field '\(field)' is not a string, number or boolean."
        case .invalidPartContentType(let part):
            "The content type of the multipart part '\(part)' contains a line break or NUL."
        }
    }
}

/// Encodes a flat `Encodable` value as `application/x-www-form-urlencoded`.
package enum FormURLEncoding {
    /// The encoded fields, sorted by name so bodies are reproducible.
    package static func encode(_ value: any Encodable & Sendable) throws -> String {
        try fields(of: value).map { "\(escape($0.name))=\(escape($0.value))" }.joined(separator: "&")
    }

    /// The fields of a flat value, sorted by name; `nil` properties are left out.
    package static func fields(of value: any Encodable & Sendable) throws -> [(name: String, value: String)] {
        let data: Data
        do {
            data = try JSONCoding.encoder.encode(value)
        } catch {
            throw RequestBodyError.unencodable(String(describing: error))
        }
        let object: [String: FormScalar]
        do {
            object = try JSONCoding.decode([String: FormScalar].self, from: data)
        } catch DecodingError.typeMismatch(_, let context) {
            let field = context.codingPath.first?.stringValue ?? "?"
            throw RequestBodyError.unsupportedFormValue(field: field)
        } catch {
            throw RequestBodyError.unencodable("a form body must be a flat object")
        }
        return object.keys.sorted().compactMap { key in
            object[key]?.text.map { (key, $0) }
        }
    }

    /// Escapes per the WHATWG `application/x-www-form-urlencoded` serializer (space as `+`).
    static func escape(_ string: String) -> String {
        let escaped = string.addingPercentEncoding(withAllowedCharacters: formAllowed) ?? string
        return escaped.replacingOccurrences(of: "%20", with: "+")
    }

    private static let formAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._*"
    )
}

/// One scalar value of a flat form body.
private enum FormScalar: Decodable {
    case text(String?)

    var text: String? {
        switch self {
        case .text(let value): value
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .text(nil)
        } else if let bool = try? container.decode(Bool.self) {
            self = .text(bool ? "true" : "false")
        } else if let integer = try? container.decode(Int64.self) {
            self = .text(String(integer))
        } else if let double = try? container.decode(Double.self) {
            self = .text(String(double))
        } else {
            self = .text(try container.decode(String.self))
        }
    }
}
