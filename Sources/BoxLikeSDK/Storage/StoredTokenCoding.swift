import Foundation

/// How storages turn a token into bytes and back.
///
/// Dates are written as the exact `Double` Foundation keeps (not RFC 3339 or seconds since
/// 1970, whose conversions round), so a token read back equals the token stored.
package enum StoredTokenCoding {
    package static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .deferredToDate
        return try encoder.encode(value)
    }

    package static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, resource: String) throws -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .deferredToDate
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw TokenStorageError.undecodable(resource: resource, detail: "\(type) could not be decoded")
        }
    }
}
