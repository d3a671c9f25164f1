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
    private var operationIds: Set<String> = []
    private var firstOperationWithId: [String: JSONPointer] = [:]

    init(version: Version) {
        self.version = version
    }

    /// Normalizes a whole document in place.
    func normalize(_ document: inout SpecValue) {
        collectOperationIds(document)
        let walker = SpecWalker { [unowned self] value, kind, pointer in
            visit(&value, kind: kind, pointer: pointer)
            return .walkChildren
        }
        walker.walk(&document, as: .document, at: .root)
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
