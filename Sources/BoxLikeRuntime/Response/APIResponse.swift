import Foundation
import HTTPTypes

/// A successful response, as the runtime hands it to generated code.
///
/// JSON responses arrive read (up to the configured limit) and are decoded with
/// ``decode(_:)``; binary responses arrive as a ``ByteStream`` in ``stream``.
package struct APIResponse: Sendable {
    /// The response's status.
    package let status: HTTPResponse.Status
    /// The response's headers.
    package let headerFields: HTTPFields
    /// The body read into memory, for ``ResponseKind/json`` requests.
    package let bytes: [UInt8]
    /// The body as a stream, for ``ResponseKind/binary`` requests.
    package let stream: ByteStream?
    /// The operation that produced the response (for error messages).
    package let operationId: String

    /// Creates a response.
    package init(status: HTTPResponse.Status, headerFields: HTTPFields, bytes: [UInt8] = [],
                stream: ByteStream? = nil, operationId: String) {
        self.status = status
        self.headerFields = headerFields
        self.bytes = bytes
        self.stream = stream
        self.operationId = operationId
    }

    /// The value of a header, by case-insensitive name.
    package func header(_ name: String) -> String? {
        guard let field = HTTPField.Name(name) else { return nil }
        return headerFields[field]
    }

    /// Decodes the JSON body.
    ///
    /// - Throws: ``BoxSDKError`` with kind ``BoxSDKError/Kind/invalidResponse`` when the body is
    ///   empty, not JSON, or does not match `T`; the error names the path to the offending
    ///   field and never contains the body's secrets.
    package func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !bytes.isEmpty else {
            throw BoxSDKError(.invalidResponse, "The \(operationId) response has an empty body where JSON was expected.")
        }
        do {
            return try JSONCoding.decode(T.self, from: bytes)
        } catch DecodingError.dataCorrupted(let context) where context.underlyingError is JSONSyntaxError {
            let reason = context.underlyingError.map { " (\($0))" } ?? ""
            throw BoxSDKError(.invalidResponse, "The \(operationId) response is not valid JSON\(reason).")
        } catch let error as DecodingError {
            throw BoxSDKError(.invalidResponse,
                              "The \(operationId) response does not match \(T.self): \(DecodingErrorSummary(error))",
                              underlying: nil)
        } catch {
            throw BoxSDKError(.invalidResponse, "The \(operationId) response is not valid JSON.")
        }
    }

    /// The binary body.
    ///
    /// - Throws: ``BoxSDKError`` when the response carried no stream.
    package func byteStream() throws -> ByteStream {
        guard let stream else {
            throw BoxSDKError(.invalidResponse, "The \(operationId) response has no body to stream.")
        }
        return stream
    }
}

/// A short, secret-free account of a `DecodingError`: the coding path and the problem,
/// without the values involved.
struct DecodingErrorSummary: CustomStringConvertible {
    let error: DecodingError

    init(_ error: DecodingError) { self.error = error }

    var description: String {
        func path(_ context: DecodingError.Context) -> String {
            let text = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "the top level" : text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context))"
        case .valueNotFound(let type, let context):
            return "missing \(type) value at \(path(context))"
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)' at \(path(context))"
        case .dataCorrupted(let context):
            return "malformed data at \(path(context))"
        @unknown default:
            return "undecodable data"
        }
    }
}
