/// Applies Box's `fields` query parameter: without it the standard variant is returned;
/// with it only `type`, `id`, `etag` and the listed fields.
struct FieldSelection: Sendable {
    var requested: [String]?

    init(query: [String: String]) {
        if let text = query["fields"], !text.isEmpty {
            requested = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    init(requested: [String]?) {
        self.requested = requested
    }

    func apply(_ full: [String: JSONValue], standard: Set<String>) -> JSONValue {
        guard let requested else { return .object(full.filter { standard.contains($0.key) }) }
        let wanted = Set(requested).union(["type", "id", "etag"])
        return .object(full.filter { wanted.contains($0.key) })
    }
}
