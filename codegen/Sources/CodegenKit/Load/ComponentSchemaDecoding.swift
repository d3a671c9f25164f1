import Dispatch
import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat

/// Decodes a large document's component schemas side by side.
///
/// OpenAPIKit decodes a document on one thread, and in documents with many schemas most of
/// that time goes to `components/schemas`, whose entries are independent of each other. The
/// loader takes them out of the tree it hands OpenAPIKit (``removeSchemas(from:)``) and
/// decodes them here in contiguous chunks (``chunks(of:)``), beside the rest of the document,
/// each with OpenAPIKit's own decoder (and, for a 3.0 document, its own 3.0 → 3.1
/// conversion), so the result is the same as decoding the whole document at once. Order is
/// kept (``assemble(_:)``), and the first failing entry in document order is the one reported.
enum ComponentSchemaDecoding {
    /// Below this many schemas the whole document decodes in one piece.
    static let threshold = 64

    typealias Decoded = [(OpenAPIKit.OpenAPI.ComponentKey, OpenAPIKit.JSONSchema)]

    /// The entries of `components/schemas` when there are at least ``threshold`` of them.
    static func entries(in root: SpecValue) -> [SpecObject.Entry]? {
        guard let schemas = root.object?["components"]?.object?["schemas"]?.object, schemas.count >= threshold else {
            return nil
        }
        return schemas.entries
    }

    /// Removes `components/schemas` from `root`.
    static func removeSchemas(from root: inout SpecValue) {
        root.withObject { top in
            top["components"]?.withObject { components in
                components.removeValue(forKey: "schemas")
            }
        }
    }

    /// `entries` in contiguous chunks, a few per core, so the cores stay busy to the end.
    static func chunks(of entries: [SpecObject.Entry]) -> [ArraySlice<SpecObject.Entry>] {
        let chunkCount = min(entries.count, max(1, ProcessInfo.processInfo.activeProcessorCount) * 4)
        guard chunkCount > 0 else { return [] }
        let chunkSize = (entries.count + chunkCount - 1) / chunkCount
        return stride(from: 0, to: entries.count, by: chunkSize).map {
            entries[$0..<min(entries.count, $0 + chunkSize)]
        }
    }

    /// Decodes OpenAPI 3.1 schemas.
    static func decode(_ entries: ArraySlice<SpecObject.Entry>) throws -> Decoded {
        try entries.map { entry in
            (try key(entry), try SpecValueDecoder.decode(
                OpenAPIKit.JSONSchema.self, from: entry.value, at: ["components", "schemas", entry.key],
                userInfo: [OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false]))
        }
    }

    /// Decodes OpenAPI 3.0 schemas and converts them to 3.1 as a whole document would be
    /// (`schemaReader` as for ``LegacyDocument/decodeAndConvert(_:schemaReader:)``).
    static func decodeLegacy(_ entries: ArraySlice<SpecObject.Entry>, schemaReader: Bool = true) throws -> Decoded {
        guard schemaReader else { return try decodeAndConvert(entries, schemaReader: false) }
        // Straight into the 3.1 model (``SchemaReader30To31``); what the reader leaves goes the
        // long way, and the results are put back in document order.
        // An entry with a bad name goes the long way too, so errors come in document order.
        var read: [Int: (OpenAPIKit.OpenAPI.ComponentKey, OpenAPIKit.JSONSchema)] = [:]
        var rest: [SpecObject.Entry] = []
        for (offset, entry) in entries.enumerated() {
            if let key = makeKey(entry.key),
               let schema = SchemaReader30To31.read(entry.value) {
                read[offset] = (key, schema)
            } else {
                rest.append(entry)
            }
        }
        var converted = try decodeAndConvert(rest[...], schemaReader: true).makeIterator()
        var decoded: Decoded = []
        decoded.reserveCapacity(entries.count)
        for offset in 0..<entries.count {
            if let done = read[offset] {
                decoded.append(done)
            } else if let next = converted.next() {
                decoded.append(next)
            }
        }
        return decoded
    }

    /// Decodes 3.0 schemas with OpenAPIKit (through ``SchemaReader30`` unless `schemaReader`
    /// is off) and converts them with OpenAPIKit's converter.
    private static func decodeAndConvert(_ entries: ArraySlice<SpecObject.Entry>, schemaReader: Bool) throws -> Decoded {
        guard !entries.isEmpty else { return [] }
        var legacy = OpenAPIKit30.OpenAPI.ComponentDictionary<OpenAPIKit30.JSONSchema>()
        do {
            for entry in entries {
                legacy[try key30(entry)] = try SpecValueDecoder.decode(
                    OpenAPIKit30.JSONSchema.self, from: entry.value, at: ["components", "schemas", entry.key],
                    userInfo: LegacyDocument.userInfo(schemaReader: schemaReader))
            }
        } catch let error as LegacyDecodingError {
            throw error
        } catch {
            throw LegacyDecodingError(described: OpenAPIKit30.OpenAPI.Error(from: error))
        }
        // The conversion is defined on documents only: convert one that holds just these.
        let holder = OpenAPIKit30.OpenAPI.Document(
            info: .init(title: "", version: ""), servers: [], paths: [:],
            components: OpenAPIKit30.OpenAPI.Components(schemas: legacy))
        return holder.convert(to: .v3_1_0).components.schemas.map { ($0.key, $0.value) }
    }

    /// The chunks' schemas in order; the error of the earliest failing chunk is thrown.
    static func assemble(_ results: [Result<Decoded, any Error>]) throws
        -> OpenAPIKit.OpenAPI.ComponentDictionary<OpenAPIKit.JSONSchema> {
        var schemas = OpenAPIKit.OpenAPI.ComponentDictionary<OpenAPIKit.JSONSchema>()
        for result in results {
            for (key, schema) in try result.get() {
                schemas[key] = schema
            }
        }
        return schemas
    }

    /// The component key `name` makes, or `nil` when OpenAPIKit would refuse it. Names made
    /// of ASCII letters, digits, `.`, `-` and `_` (nearly all of them) are accepted without
    /// OpenAPIKit's check, which builds character sets for every name.
    static func makeKey(_ name: String) -> OpenAPIKit.OpenAPI.ComponentKey? {
        let plain = !name.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"):
                true
            default:
                false
            }
        }
        return plain ? OpenAPIKit.OpenAPI.ComponentKey(stringLiteral: name) : OpenAPIKit.OpenAPI.ComponentKey(rawValue: name)
    }

    private static func key(_ entry: SpecObject.Entry) throws -> OpenAPIKit.OpenAPI.ComponentKey {
        guard let key = makeKey(entry.key) else {
            throw InvalidComponentName(name: entry.key)
        }
        return key
    }

    private static func key30(_ entry: SpecObject.Entry) throws -> OpenAPIKit30.OpenAPI.ComponentKey {
        guard let key = OpenAPIKit30.OpenAPI.ComponentKey(rawValue: entry.key) else {
            throw LegacyDecodingError(message: InvalidComponentName(name: entry.key).message,
                                      codingPath: ["components", "schemas", entry.key])
        }
        return key
    }
}

/// A component name OpenAPI does not allow (it must match `^[a-zA-Z0-9.\-_]+$`).
struct InvalidComponentName: Error {
    let name: String

    var message: String {
        "`\(name)` is not a valid component name (only letters, digits, `.`, `-` and `_`)"
    }
}
