import Foundation
import OpenAPIKit

/// Decodes a large document's paths side by side.
///
/// With its component schemas decoded apart (``ComponentSchemaDecoding``), what is left of a
/// large document is mostly `paths`, and OpenAPIKit decodes it on one thread while the other
/// cores wait. Path items are independent of each other: the loader keeps the first chunk of
/// them in the document it hands OpenAPIKit and decodes each other chunk (``chunks(in:)``)
/// as a document of its own, holding just those paths and the components their decoding
/// checks against (security schemes, path items), with the same decoder, 3.0 → 3.1
/// conversion included. The paths are then put back in order (``assemble(_:into:)``).
///
/// A failure anywhere makes the loader decode the whole document at once instead, so errors
/// are reported exactly as they would be without this.
enum PathDecoding {
    /// Below this many path items the paths decode with the rest of the document.
    static let threshold = 32

    /// The entries of `paths` in contiguous chunks, a few per core, when there are at least
    /// ``threshold`` of them; `nil` otherwise.
    static func chunks(in root: SpecValue) -> [ArraySlice<SpecObject.Entry>]? {
        guard let paths = root.object?["paths"]?.object, paths.count >= threshold else { return nil }
        let entries = paths.entries
        let chunkCount = min(entries.count / (threshold / 2), max(1, ProcessInfo.processInfo.activeProcessorCount) * 4)
        guard chunkCount > 1 else { return nil }
        let chunkSize = (entries.count + chunkCount - 1) / chunkCount
        return stride(from: 0, to: entries.count, by: chunkSize).map {
            entries[$0..<min(entries.count, $0 + chunkSize)]
        }
    }

    /// `root` with only the path items of `chunk`.
    static func keeping(_ chunk: ArraySlice<SpecObject.Entry>, in root: SpecValue) -> SpecValue {
        var kept = root
        kept.withObject { top in top["paths"] = .object(SpecObject(Array(chunk))) }
        return kept
    }

    /// A document holding the path items of `chunk` and what decoding them reads from
    /// `root`: its version and the components operations' security requirements and path
    /// item references are checked against.
    static func holder(of chunk: ArraySlice<SpecObject.Entry>, in root: SpecValue) -> SpecValue {
        var top = SpecObject()
        top["openapi"] = root.object?["openapi"] ?? .string("3.1.0")
        top["info"] = .object(SpecObject(["title": .string(""), "version": .string("")]))
        var components = SpecObject()
        if let source = root.object?["components"]?.object {
            for key in ["securitySchemes", "pathItems"] {
                if let value = source[key] { components[key] = value }
            }
        }
        if !components.isEmpty { top["components"] = .object(components) }
        top["paths"] = .object(SpecObject(Array(chunk)))
        return .object(top)
    }

    /// Decodes the paths of a ``holder(of:in:)`` document.
    static func decode(_ holder: SpecValue, legacy: Bool, schemaReader: Bool) throws -> OpenAPI.PathItem.Map {
        try WholeDocumentDecoder.decodeWhole(holder, legacy: legacy, schemaReader: schemaReader).paths
    }

    /// Appends the chunks' paths, in order, to `document`'s (those of the first chunk).
    static func assemble(_ chunks: [OpenAPI.PathItem.Map], into document: inout OpenAPI.Document) {
        for chunk in chunks {
            for (path, item) in chunk {
                document.paths[path] = item
            }
        }
    }
}
