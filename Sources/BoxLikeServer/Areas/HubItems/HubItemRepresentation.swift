import BoxLikeJSON

/// Box's hub item JSON and `manage_items` results, built outside the state actor.
enum HubItemRepresentation {
    /// An item of a hub as `GET /hub_items` lists it.
    static func item(_ view: HubItemView) -> JSONValue {
        ["id": .string(view.item.id), "type": .string(view.item.type.rawValue), "name": .string(view.name)]
    }

    /// The `207 Multi-Status` body: one result per operation, in the order they were sent.
    static func operations(_ outcomes: [HubItemOperationOutcome]) -> JSONValue {
        ["operations": .array(outcomes.map(result))]
    }

    private static func result(_ outcome: HubItemOperationOutcome) -> JSONValue {
        let operation = outcome.operation
        var result: [String: JSONValue] = [
            "action": operation["action"] ?? .null, "item": operation["item"] ?? .null, "status": .int(outcome.status),
        ]
        if let parent = operation["parent_id"] { result["parent_id"] = parent }
        if let error = outcome.error { result["error"] = .string(error) }
        return .object(result)
    }
}
