/// The structural checks a document must pass before it is lowered, run on the loaded tree
/// (a walk over the document, milliseconds for thousands of schemas):
///
/// - every `$ref` points to something in the document (after bundling, every reference is
///   local), reported at the reference with its target;
/// - a path item or operation declares each parameter (name and location) once;
/// - tag names are unique.
///
/// OpenAPIKit's validator checks the same by encoding the whole decoded document, which
/// took longer than lowering and rendering together on large specs. Repeated
/// `operationId`s are renamed by the normalizer; styles that do not fit a location are
/// warnings of the model stage.
struct SpecChecks {
    let diagnostics = DiagnosticCollector()

    /// Checks `document`, a normalized and bundled document, only reading it (so it can run
    /// beside the decoding of the same tree).
    func check(_ document: SpecValue) {
        if let tags = document.object?["tags"]?.array {
            var seen: Set<String> = []
            for (index, tag) in tags.enumerated() {
                if let name = tag.object?["name"]?.string, !seen.insert(name).inserted {
                    diagnostics.error(JSONPointer(["tags", String(index), "name"]), "the tag `\(name)` is declared twice")
                }
            }
        }
        // References repeat (`#/components/schemas/Error` everywhere): each is resolved once.
        var resolvable: Set<String> = []
        SpecWalker.read(document, as: .document, at: .root) { value, kind, pointer in
            guard case .object(let object) = value else { return .skipChildren }
            if let reference = object["$ref"]?.string {
                if !resolvable.contains(reference), checkReference(reference, at: pointer, in: document) {
                    resolvable.insert(reference)
                }
                return .skipChildren
            }
            if kind == .pathItem || kind == .operation, let parameters = object["parameters"]?.array {
                checkParameters(parameters, at: pointer.appending("parameters"), in: document)
            }
            return .walkChildren
        }
    }

    /// Reports a reference that points to nothing; whether it points to something.
    private func checkReference(_ reference: String, at pointer: JSONPointer, in document: SpecValue) -> Bool {
        guard reference.hasPrefix("#") else { return true }   // external ones are bundled or reported
        guard let target = JSONPointer(parsing: reference, percentEncoded: true),
              document.value(at: target.tokens) != nil else {
            diagnostics.error(pointer, "`$ref: \(reference)` points to nothing in the document")
            return false
        }
        return true
    }

    private func checkParameters(_ parameters: [SpecValue], at pointer: JSONPointer, in document: SpecValue) {
        var seen: Set<[String]> = []
        for (index, item) in parameters.enumerated() {
            var parameter = item
            if let reference = item.object?["$ref"]?.string, let target = JSONPointer(parsing: reference, percentEncoded: true),
               let resolved = document.value(at: target.tokens) {
                parameter = resolved
            }
            guard let name = parameter.object?["name"]?.string, let location = parameter.object?["in"]?.string else { continue }
            if !seen.insert([name, location]).inserted {
                diagnostics.error(pointer.appending(String(index)),
                                  "the \(location) parameter `\(name)` is declared twice in the same list")
            }
        }
    }
}
