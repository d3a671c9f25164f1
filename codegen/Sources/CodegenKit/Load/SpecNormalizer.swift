import Dispatch
import Foundation
import Synchronization

/// Rewrites constructs real documents get wrong, or write in the other OpenAPI version's
/// style, into the form OpenAPIKit reads, with a warning naming each place.
///
/// Runs on the bundled tree before decoding, so a document that would fail to decode (a
/// boolean `exclusiveMinimum` in 3.1, an operation without `responses` in 3.0, `examples`
/// that is not a map) loads, and one that would decode into something else than meant
/// (`type: [string, integer]`, `nullable` beside `$ref`) says so. The schema rules are in
/// `SpecNormalizer+Schemas.swift`.
final class SpecNormalizer {
    /// The OpenAPI version the document is written for, which decides the target forms.
    enum Version {
        /// 3.0: `nullable`, boolean `exclusiveMinimum`, one `type`, schema `example`.
        case v3_0
        /// 3.1 and later: JSON Schema 2020-12 (`type: [.., 'null']`, numeric bounds).
        case v3_1
    }

    let version: Version
    let diagnostics = DiagnosticCollector()
    /// Whether a large document's component schemas are normalized side by side; tests turn
    /// it off to compare.
    var normalizesSchemasSideBySide = true
    /// How many component schemas the last ``normalize(_:)`` normalized side by side.
    private(set) var schemasNormalizedSideBySide = 0
    private var operationIds: Set<String> = []
    private var firstOperationWithId: [String: JSONPointer] = [:]

    init(version: Version) {
        self.version = version
    }

    /// Normalizes a whole document in place.
    ///
    /// A large document's component schemas (``ComponentSchemaDecoding/threshold`` or more)
    /// are taken out of the walk and normalized in chunks side by side with it, their
    /// warnings put where the walk would have made them: the result is the same, on every
    /// core.
    func normalize(_ document: inout SpecValue) {
        collectOperationIds(document)
        guard normalizesSchemasSideBySide, let entries = ComponentSchemaDecoding.entries(in: document),
              let first = entries.first else {
            schemasNormalizedSideBySide = 0
            walk(&document)
            return
        }
        // The walk meets one empty stand-in for the schemas, to know where their warnings go.
        document.withObject { top in
            top["components"]?.withObject { components in
                components["schemas"] = .object(SpecObject([SpecObject.Entry(key: first.key, value: .object(SpecObject()))]))
            }
        }
        let chunks = Self.normalizeInBackground(entries, version: version)
        var schemasPosition: Int?
        walk(&document) { [unowned self] in
            if schemasPosition == nil { schemasPosition = diagnostics.diagnostics.count }
        }
        let (normalized, found) = chunks.wait()
        document.withObject { top in
            top["components"]?.withObject { components in
                components["schemas"] = .object(SpecObject(normalized))
            }
        }
        schemasNormalizedSideBySide = entries.count
        diagnostics.insert(found, at: schemasPosition ?? diagnostics.diagnostics.count)
    }

    /// Walks `document`, calling `reachedSchema` instead of going into a component schema
    /// when there is one (when not, component schemas are walked with the rest).
    private func walk(_ document: inout SpecValue, reachedSchema: (() -> Void)? = nil) {
        let walker = SpecWalker { [unowned self] value, kind, pointer in
            if let reachedSchema, kind == .schema, pointer.tokens.count == 3, pointer.tokens[0] == "components",
               pointer.tokens[1] == "schemas" {
                reachedSchema()
                return .skipChildren
            }
            visit(&value, kind: kind, pointer: pointer)
            return .walkChildren
        }
        walker.walk(&document, as: .document, at: .root)
    }

    /// Component schemas being normalized in chunks on other threads, each chunk with a
    /// normalizer of its own (schema rules read nothing but the schema).
    private final class BackgroundChunks: Sendable {
        /// Each chunk's normalized entries and warnings, once its job is done.
        let results: Mutex<[(entries: [SpecObject.Entry], diagnostics: [Diagnostic])]>
        let group = DispatchGroup()

        init(count: Int) {
            results = Mutex(Array(repeating: ([], []), count: count))
        }

        /// Waits for every chunk; returns the schemas in order and their warnings in
        /// document order.
        func wait() -> ([SpecObject.Entry], [Diagnostic]) {
            group.wait()
            // Taken out of the lock, so the trees are held once (no copy on write later).
            let done = results.withLock { results in
                let taken = results
                results = []
                return taken
            }
            return (done.flatMap(\.entries), done.flatMap(\.diagnostics))
        }
    }

    /// Starts normalizing `entries` in chunks on every core and returns at once, so the
    /// calling thread walks the rest of the document meanwhile.
    private static func normalizeInBackground(_ entries: [SpecObject.Entry], version: Version) -> BackgroundChunks {
        var entries = entries
        let chunkCount = min(entries.count, max(1, ProcessInfo.processInfo.activeProcessorCount) * 4)
        let chunkSize = max(1, (entries.count + chunkCount - 1) / chunkCount)
        var chunked = Array(repeating: [SpecObject.Entry](), count: chunkCount)
        for (index, entry) in entries.enumerated() {
            chunked[index / chunkSize].append(entry)
        }
        entries = []
        // Each job moves its chunk out of `pending`, so it changes a tree nothing else holds.
        let pending = Mutex(chunked)
        chunked = []
        let chunks = BackgroundChunks(count: chunkCount)
        DispatchQueue.global().async(group: chunks.group) {
            DispatchQueue.concurrentPerform(iterations: chunkCount) { job in
                var mine = pending.withLock { pending in
                    let taken = pending[job]
                    pending[job] = []
                    return taken
                }
                let normalizer = SpecNormalizer(version: version)
                let walker = SpecWalker { value, kind, pointer in
                    normalizer.visit(&value, kind: kind, pointer: pointer)
                    return .walkChildren
                }
                for position in mine.indices {
                    walker.walk(&mine[position].value, as: .schema,
                                at: JSONPointer(["components", "schemas", mine[position].key]))
                }
                let found = normalizer.diagnostics.diagnostics
                chunks.results.withLock { $0[job] = (mine, found) }
            }
        }
        return chunks
    }

    private func visit(_ value: inout SpecValue, kind: SpecObjectKind, pointer: JSONPointer) {
        switch kind {
        case .schema:
            normalizeSchema(&value, at: pointer)
        case .operation:
            value.withObject { normalizeOperation(&$0, at: pointer) }
        case .parameter, .header, .mediaType:
            value.withObject { object in
                guard object["$ref"] == nil else { return }
                normalizeExamples(&object, at: pointer)
                if object["schema"] == .object(SpecObject()) {
                    diagnostics.warning(pointer.appending("schema"), "the schema is empty; any JSON value is accepted")
                }
            }
        default:
            break
        }
    }

    // MARK: Operations

    private func collectOperationIds(_ document: SpecValue) {
        SpecWalker.read(document, as: .document, at: .root) { value, kind, _ in
            if kind == .operation, let id = value.object?["operationId"]?.string { operationIds.insert(id) }
            return kind == .schema ? .skipChildren : .walkChildren
        }
    }

    private func normalizeOperation(_ operation: inout SpecObject, at pointer: JSONPointer) {
        if operation["responses"]?.object?.isEmpty ?? true {
            operation["responses"] = .object(SpecObject(["default": .object(SpecObject([
                "description": .string("No response is described."),
            ]))]))
            diagnostics.warning(pointer, "the operation has no `responses`; it is read as returning nothing")
        }
        guard let id = operation["operationId"]?.string else { return }
        guard let first = firstOperationWithId[id] else {
            firstOperationWithId[id] = pointer
            return
        }
        var suffix = 2
        while operationIds.contains("\(id)_\(suffix)") {
            suffix += 1
        }
        let renamed = "\(id)_\(suffix)"
        operationIds.insert(renamed)
        operation["operationId"] = .string(renamed)
        diagnostics.warning(pointer.appending("operationId"),
                            "operationId `\(id)` is also used at \(first); this one is renamed `\(renamed)`")
    }

    // MARK: Examples

    /// `examples` on a parameter, header or media type is a map of Example Objects;
    /// a bare value or a list is read as `example`.
    private func normalizeExamples(_ object: inout SpecObject, at pointer: JSONPointer) {
        guard let examples = object["examples"] else { return }
        let examplesPointer = pointer.appending("examples")
        switch examples {
        case .object(var map):
            var wrapped: [String] = []
            map.updateValues { key, example in
                if let exampleObject = example.object, exampleObject.keys.contains(where: Self.exampleObjectKeys.contains) {
                    return
                }
                example = .object(SpecObject(["value": example]))
                wrapped.append(key)
            }
            guard !wrapped.isEmpty else { return }
            object["examples"] = .object(map)
            diagnostics.warning(examplesPointer, "`examples` holds Example Objects; the bare values of "
                + wrapped.map { "`\($0)`" }.joined(separator: ", ") + " are read as their `value`")
        case .array(let values):
            object.removeValue(forKey: "examples")
            if object["example"] == nil, let first = values.first { object["example"] = first }
            diagnostics.warning(examplesPointer, "`examples` must be a map of Example Objects; the list is read as `example` (its first value)")
        default:
            object.removeValue(forKey: "examples")
            if object["example"] == nil { object["example"] = examples }
            diagnostics.warning(examplesPointer, "`examples` must be a map of Example Objects; the value is read as `example`")
        }
    }

    private static let exampleObjectKeys: Set<String> = ["value", "externalValue", "$ref", "summary", "description",
                                                         "dataValue", "serializedValue"]
}
