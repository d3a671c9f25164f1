import BoxLikeJSON

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

    /// Whether the response will contain `key`, so costly members can be skipped.
    func wants(_ key: String, standard: Set<String>) -> Bool {
        guard let requested else { return standard.contains(key) }
        return key == "type" || key == "id" || key == "etag" || requested.contains(key)
    }

    func apply(_ full: [String: JSONValue], standard: Set<String>) -> JSONValue {
        guard let requested else { return .object(full.filter { standard.contains($0.key) }) }
        let wanted = Set(requested).union(["type", "id", "etag"])
        return .object(full.filter { wanted.contains($0.key) })
    }
}
