import Foundation

/// How storages turn a token into bytes and back, with ``JSONCoding``'s storage coders.
package enum StoredTokenCoding {
    package static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        try JSONCoding.storageEncoder.encode(value)
    }

    package static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, resource: String) throws -> Value {
        do {
            return try JSONCoding.storageDecoder.decode(type, from: data)
        } catch {
            throw TokenStorageError.undecodable(resource: resource, detail: "\(type) could not be decoded")
        }
    }
}
