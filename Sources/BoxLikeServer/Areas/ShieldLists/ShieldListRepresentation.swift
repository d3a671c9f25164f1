import BoxLikeJSON

/// The JSON of shield lists, made outside the state actor.
enum ShieldListRepresentation {
    static func list(_ snapshot: ShieldListSnapshot) -> JSONValue {
        let list = snapshot.list
        var object: [String: JSONValue] = [
            "id": .string(list.id), "type": "shield_list", "name": .string(list.name), "enterprise": snapshot.enterprise,
            "created_at": Timestamp.json(list.createdAt), "updated_at": Timestamp.json(list.updatedAt),
            "content": content(list.content),
        ]
        if let description = list.description { object["description"] = .string(description) }
        return .object(object)
    }

    /// The mini of `GET /shield_lists`: the content names only its type.
    static func mini(_ list: ShieldListRecord) -> JSONValue {
        ["id": .string(list.id), "type": "shield_list", "name": .string(list.name), "content": ["type": .string(list.content.kind.rawValue)]]
    }

    static func content(_ content: ShieldListContent) -> JSONValue {
        .object(["type": .string(content.kind.rawValue), content.kind.member: .array(content.entries.map(JSONValue.string))])
    }
}
