import Dispatch
import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Synchronization

/// Decodes a large document's component schemas side by side.
///
/// OpenAPIKit decodes a document on one thread, and in documents with many schemas most of
/// that time goes to `components/schemas`, whose entries are independent of each other. The
/// loader takes them out of the tree (``detach(from:)``), lets OpenAPIKit decode the rest, and
/// decodes the schemas here in contiguous chunks on every core, each with OpenAPIKit's own
/// decoder (and, for a 3.0 document, its own 3.0 → 3.1 conversion), so the result is the
/// same as decoding the whole document at once. Order is kept, and the first failing entry
/// in document order is the one reported.
enum ComponentSchemaDecoding {
    /// Below this many schemas the whole document decodes on one thread.
    static let threshold = 64

    /// Removes `components/schemas` from `root` when it holds at least ``threshold`` entries
    /// and returns them; otherwise leaves the tree alone and returns `nil`.
    static func detach(from root: inout SpecValue) -> [SpecObject.Entry]? {
        guard let schemas = root.object?["components"]?.object?["schemas"]?.object, schemas.count >= threshold else {
            return nil
        }
        root.withObject { top in
            top["components"]?.withObject { components in
                components.removeValue(forKey: "schemas")
            }
        }
        return schemas.entries
    }

    /// Decodes OpenAPI 3.1 schemas.
    static func decode(_ entries: [SpecObject.Entry]) throws -> OpenAPIKit.OpenAPI.ComponentDictionary<OpenAPIKit.JSONSchema> {
        try inChunks(entries) { chunk in
            try chunk.map { entry in
                (try key(entry), try SpecValueDecoder.decode(
                    OpenAPIKit.JSONSchema.self, from: entry.value, at: ["components", "schemas", entry.key],
                    userInfo: [OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false]))
            }
        }
    }

    /// Decodes OpenAPI 3.0 schemas and converts them to 3.1 as a whole document would be
    /// (`schemaReader` as for ``LegacyDocument/decodeAndConvert(_:schemaReader:)``).
    static func decodeLegacy(_ entries: [SpecObject.Entry], schemaReader: Bool = true) throws -> OpenAPIKit.OpenAPI.ComponentDictionary<OpenAPIKit.JSONSchema> {
        try inChunks(entries) { chunk in
            var legacy = OpenAPIKit30.OpenAPI.ComponentDictionary<OpenAPIKit30.JSONSchema>()
            do {
                for entry in chunk {
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
    }

    private static func key(_ entry: SpecObject.Entry) throws -> OpenAPIKit.OpenAPI.ComponentKey {
        guard let key = OpenAPIKit.OpenAPI.ComponentKey(rawValue: entry.key) else {
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

    /// Runs `work` over contiguous chunks of `entries` on every core and joins the results in
    /// order; the error of the earliest failing chunk is thrown.
    private static func inChunks(
        _ entries: [SpecObject.Entry],
        _ work: @Sendable ([SpecObject.Entry]) throws -> [(OpenAPIKit.OpenAPI.ComponentKey, OpenAPIKit.JSONSchema)]
    ) throws -> OpenAPIKit.OpenAPI.ComponentDictionary<OpenAPIKit.JSONSchema> {
        let chunkCount = min(entries.count, max(1, ProcessInfo.processInfo.activeProcessorCount) * 4)
        let chunkSize = (entries.count + chunkCount - 1) / chunkCount
        let results = Mutex<[Int: Result<[(OpenAPIKit.OpenAPI.ComponentKey, OpenAPIKit.JSONSchema)], any Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let range = (chunk * chunkSize)..<min(entries.count, (chunk + 1) * chunkSize)
            guard !range.isEmpty else { return }
            let result = Result { try work(Array(entries[range])) }
            results.withLock { $0[chunk] = result }
        }
        var schemas = OpenAPIKit.OpenAPI.ComponentDictionary<OpenAPIKit.JSONSchema>()
        let finished = results.withLock { $0 }
        for chunk in finished.keys.sorted() {
            for (key, schema) in try finished[chunk]?.get() ?? [] {
                schemas[key] = schema
            }
        }
        return schemas
    }
}

/// A component name OpenAPI does not allow (it must match `^[a-zA-Z0-9.\-_]+$`).
struct InvalidComponentName: Error {
    let name: String

    var message: String {
        "`\(name)` is not a valid component name (only letters, digits, `.`, `-` and `_`)"
    }
}
