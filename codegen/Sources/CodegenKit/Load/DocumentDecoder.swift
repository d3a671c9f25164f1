import Dispatch
import OpenAPIKit
import Synchronization

/// What decoding a normalized tree gives: the document or why there is none, the loader's
/// structural checks (``SpecChecks``) and the scalar `x-` extensions.
struct DecodedDocument: Sendable {
    /// The document as OpenAPIKit decodes it (3.0 converted to 3.1), or the decoding error.
    var document: Result<OpenAPI.Document, any Error>
    /// What the structural checks found; an error here wins over decoding errors.
    var checks: [Diagnostic]
    /// The scalar `x-` extensions, by pointer.
    var extensions: VendorExtensions
}

/// The one seam between a normalized tree and a checked document: the loader asks a decoder
/// to normalize the tree and then to decode it, and does not know whether the work runs on
/// one thread (``WholeDocumentDecoder``) or in chunks on every core
/// (``ParallelDocumentDecoder``). Both give the same document, diagnostics and extensions.
protocol DocumentDecoder: Sendable {
    /// Whether 3.0 Schema Objects are read straight from the tree (``SchemaReader30``) rather
    /// than through OpenAPIKit's `Decodable` path and converter.
    var readsSchemasDirectly: Bool { get }

    /// Rewrites known mistakes in place, with `normalizer`'s warnings (``SpecNormalizer``).
    func normalize(_ root: inout SpecValue, with normalizer: SpecNormalizer)

    /// Decodes `root`, runs the checks on it and collects its extensions.
    func decode(_ root: SpecValue, legacy: Bool) -> DecodedDocument
}

extension DocumentDecoder {
    /// Decodes a tree with OpenAPIKit in one pass, converting 3.0 to 3.1.
    static func decodeWhole(_ tree: SpecValue, legacy: Bool, schemaReader: Bool) throws -> OpenAPI.Document {
        legacy
            ? try LegacyDocument.decodeAndConvert(tree, schemaReader: schemaReader)
            : try SpecValueDecoder.decode(OpenAPI.Document.self, from: tree,
                                          userInfo: [VendorExtensionsConfiguration.enabledKey: false])
    }
}

/// Normalizes and decodes a document in one walk and one decoding, on the calling thread.
struct WholeDocumentDecoder: DocumentDecoder {
    let readsSchemasDirectly: Bool

    /// Creates the decoder.
    init(readsSchemasDirectly: Bool = true) {
        self.readsSchemasDirectly = readsSchemasDirectly
    }

    func normalize(_ root: inout SpecValue, with normalizer: SpecNormalizer) {
        normalizer.normalizesSchemasSideBySide = false
        normalizer.normalize(&root)
    }

    func decode(_ root: SpecValue, legacy: Bool) -> DecodedDocument {
        let checks = SpecChecks()
        checks.check(root)
        return DecodedDocument(
            document: Result { try Self.decodeWhole(root, legacy: legacy, schemaReader: readsSchemasDirectly) },
            checks: checks.diagnostics.diagnostics,
            extensions: VendorExtensions.collect(from: root))
    }
}

/// Normalizes a large document's component schemas in chunks beside the walk of the rest,
/// and decodes its component schemas (``ComponentSchemaDecoding``) and paths
/// (``PathDecoding``) in chunks beside the rest of the document, the checks and the
/// extension table, on every core. When a chunk fails, the document is decoded whole, so
/// errors read as ``WholeDocumentDecoder``'s.
struct ParallelDocumentDecoder: DocumentDecoder {
    let readsSchemasDirectly: Bool

    /// Creates the decoder.
    init(readsSchemasDirectly: Bool = true) {
        self.readsSchemasDirectly = readsSchemasDirectly
    }

    func normalize(_ root: inout SpecValue, with normalizer: SpecNormalizer) {
        normalizer.normalizesSchemasSideBySide = true
        normalizer.normalize(&root)
    }

    func decode(_ root: SpecValue, legacy: Bool) -> DecodedDocument {
        let schemaReader = readsSchemasDirectly
        let schemaEntries = ComponentSchemaDecoding.entries(in: root)
        var rest = root
        if schemaEntries != nil { ComponentSchemaDecoding.removeSchemas(from: &rest) }
        let pathChunks = PathDecoding.chunks(in: rest) ?? []
        let parts = Self.decodeSideBySide(root: root,
                                          rest: pathChunks.first.map { PathDecoding.keeping($0, in: rest) } ?? rest,
                                          legacy: legacy, schemaReader: schemaReader,
                                          pathChunks: pathChunks.dropFirst().map { PathDecoding.holder(of: $0, in: rest) },
                                          schemaChunks: schemaEntries.map(ComponentSchemaDecoding.chunks) ?? [])
        let document = Result {
            var document: OpenAPI.Document
            if pathChunks.isEmpty {
                document = try parts.document.get()
            } else if case .success(var head) = parts.document,
                      case .success(let chunks) = Result(catching: { try parts.pathChunks.map { try $0.get() } }) {
                PathDecoding.assemble(chunks, into: &head)
                document = head
            } else {
                // Something failed: decode the document whole, to report what it would report.
                document = try Self.decodeWhole(rest, legacy: legacy, schemaReader: schemaReader)
            }
            if schemaEntries != nil {
                document.components.schemas = try ComponentSchemaDecoding.assemble(parts.schemaChunks)
            }
            return document
        }
        return DecodedDocument(document: document, checks: parts.checks, extensions: parts.extensions)
    }

    /// What ``decodeSideBySide(root:rest:legacy:schemaReader:pathChunks:schemaChunks:)`` makes.
    private struct Parts: Sendable {
        var checks: [Diagnostic] = []
        var extensions = VendorExtensions()
        var document: Result<OpenAPI.Document, any Error> = .failure(CancellationError())
        var pathChunks: [Result<OpenAPI.PathItem.Map, any Error>] = []
        var schemaChunks: [Result<ComponentSchemaDecoding.Decoded, any Error>] = []
    }

    /// Runs ``SpecChecks`` and ``VendorExtensions/collect(from:)`` on `root`, decodes `rest`
    /// (the document, without its component schemas when there are `schemaChunks`, with only
    /// its first paths when there are `pathChunks`), the path chunks' documents and the schema
    /// chunks, all side by side on every core.
    private static func decodeSideBySide(root: SpecValue, rest: SpecValue, legacy: Bool, schemaReader: Bool,
                                         pathChunks: [SpecValue],
                                         schemaChunks: [ArraySlice<SpecObject.Entry>]) -> Parts {
        enum Job {
            case document, checks, extensions
            case paths(Int)
            case schemas(Int)
        }
        let parts = Mutex(Parts(pathChunks: pathChunks.map { _ in .failure(CancellationError()) },
                                schemaChunks: schemaChunks.map { _ in .failure(CancellationError()) }))
        // The longest jobs first: each core takes the next job when it is done with one.
        let jobs: [Job] = [.document] + pathChunks.indices.map(Job.paths) + [.checks, .extensions]
            + schemaChunks.indices.map(Job.schemas)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            switch jobs[index] {
            case .document:
                let document = Result { try decodeWhole(rest, legacy: legacy, schemaReader: schemaReader) }
                parts.withLock { $0.document = document }
            case .paths(let chunk):
                let paths = Result { try PathDecoding.decode(pathChunks[chunk], legacy: legacy, schemaReader: schemaReader) }
                parts.withLock { $0.pathChunks[chunk] = paths }
            case .checks:
                let checks = SpecChecks()
                checks.check(root)
                let found = checks.diagnostics.diagnostics
                parts.withLock { $0.checks = found }
            case .extensions:
                let extensions = VendorExtensions.collect(from: root)
                parts.withLock { $0.extensions = extensions }
            case .schemas(let chunk):
                let decoded = Result {
                    legacy
                        ? try ComponentSchemaDecoding.decodeLegacy(schemaChunks[chunk], schemaReader: schemaReader)
                        : try ComponentSchemaDecoding.decode(schemaChunks[chunk])
                }
                parts.withLock { $0.schemaChunks[chunk] = decoded }
            }
        }
        return parts.withLock { $0 }
    }
}
