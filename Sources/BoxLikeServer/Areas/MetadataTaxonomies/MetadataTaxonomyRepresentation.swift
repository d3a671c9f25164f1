import BoxLikeJSON

/// The JSON of taxonomies, their levels and nodes, made from records outside the state actor.
enum MetadataTaxonomyRepresentation {
    static func taxonomy(_ taxonomy: MetadataTaxonomyRecord) -> JSONValue {
        [
            "id": .string(taxonomy.id), "key": .string(taxonomy.key), "displayName": .string(taxonomy.displayName),
            "namespace": .string(taxonomy.namespace), "levels": levels(taxonomy.levels),
        ]
    }

    static func levels(_ levels: [MetadataTaxonomyRecord.Level]) -> JSONValue {
        .array(levels.enumerated().map { level($0.element, number: $0.offset + 1) })
    }

    static func level(_ level: MetadataTaxonomyRecord.Level, number: Int) -> JSONValue {
        var object: [String: JSONValue] = ["level": .int(number), "displayName": .string(level.displayName)]
        if let description = level.description { object["description"] = .string(description) }
        return .object(object)
    }

    /// A node with its `nodePath` (the display names from the top) and `ancestors`.
    static func node(_ node: MetadataTaxonomyRecord.Node, in taxonomy: MetadataTaxonomyRecord) -> JSONValue {
        let path = taxonomy.path(to: node.id)
        var object: [String: JSONValue] = [
            "id": .string(node.id), "displayName": .string(node.displayName), "level": .int(node.level),
            "nodePath": .array(path.map { .string($0.displayName) }),
            "ancestors": .array(path.dropLast().map { ["id": .string($0.id), "displayName": .string($0.displayName), "level": .int($0.level)] }),
        ]
        if let parent = node.parentId { object["parentId"] = .string(parent) }
        return .object(object)
    }
}
