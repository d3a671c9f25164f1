import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat

/// Reads OpenAPI 3.0 documents. Kept apart because the 3.0 and 3.1 modules both declare
/// `OpenAPI`, and only this file needs both.
enum LegacyDocument {
    /// Decodes a 3.0 document and converts it to the 3.1 model; `schemaReader: false` reads
    /// its schemas with OpenAPIKit alone instead of ``SchemaReader30``.
    static func decodeAndConvert(_ root: SpecValue, schemaReader: Bool = true) throws -> OpenAPIKit.OpenAPI.Document {
        do {
            let legacy = try SpecValueDecoder.decode(
                OpenAPIKit30.OpenAPI.Document.self, from: root, userInfo: userInfo(schemaReader: schemaReader))
            return legacy.convert(to: .v3_1_0)
        } catch {
            // The 3.0 module has its own error type; describe it with the 3.0 helper so
            // the message names the location.
            throw LegacyDecodingError(described: OpenAPIKit30.OpenAPI.Error(from: error))
        }
    }
}

extension LegacyDocument {
    /// What a 3.0 decode passes to OpenAPIKit: vendor extensions off (they are collected
    /// apart), and ``SchemaReader30`` on or off.
    static func userInfo(schemaReader: Bool) -> [CodingUserInfoKey: Any] {
        [OpenAPIKit30.VendorExtensionsConfiguration.enabledKey: false, SchemaReader30.enabledKey: schemaReader]
    }
}

/// A 3.0 decoding failure with its location already worked out.
struct LegacyDecodingError: Error {
    let message: String
    let codingPath: [String]

    init(message: String, codingPath: [String]) {
        self.message = message
        self.codingPath = codingPath
    }

    init(described: OpenAPIKit30.OpenAPI.Error) {
        message = described.localizedDescription
        codingPath = described.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    }
}
