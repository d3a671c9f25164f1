import Foundation

/// How storages turn a token into bytes and back.
///
/// Dates are written as seconds with full precision (not RFC 3339, which would round them),
/// so a token read back equals the token stored.
package enum StoredTokenCoding {
    package static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return try encoder.encode(value)
    }

    package static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, resource: String) throws -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw TokenStorageError.undecodable(resource: resource, detail: "\(type) could not be decoded")
        }
    }
}
