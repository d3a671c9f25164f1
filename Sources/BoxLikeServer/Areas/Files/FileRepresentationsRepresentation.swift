import BoxLikeJSON

/// A file's `representations` member, built outside the state actor.
enum FileRepresentationsRepresentation {
    static func render(_ entries: [RepresentationView]) -> JSONValue {
        ["entries": .array(entries.map(entry))]
    }

    private static func entry(_ view: RepresentationView) -> JSONValue {
        var entry: [String: JSONValue] = [
            "representation": .string(view.kind), "properties": .object(view.properties.mapValues(JSONValue.string)),
        ]
        if let urlTemplate = view.urlTemplate {
            entry["status"] = ["state": "success"]
            entry["content"] = ["url_template": .string(urlTemplate)]
        } else {
            entry["status"] = ["state": "none"]
        }
        return .object(entry)
    }
}
