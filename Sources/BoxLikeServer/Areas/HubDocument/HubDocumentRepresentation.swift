import BoxLikeJSON

/// The JSON of hub document pages and blocks, made from records outside the state actor.
enum HubDocumentRepresentation {
    static func page(_ page: HubPageRecord) -> JSONValue {
        [
            "id": .string(page.id), "type": "page", "parent_id": page.parentId.map(JSONValue.string) ?? .null,
            "title_fragment": .string(page.title),
        ]
    }

    static func block(_ block: HubBlockRecord) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(block.id), "type": .string(block.kind), "parent_id": block.parentId.map(JSONValue.string) ?? .null,
        ]
        if let fragment = block.fragment { object["fragment"] = .string(fragment) }
        return .object(object)
    }

    /// A page of a list with the list's `type` (`document_pages`, `document_blocks`).
    static func list(_ page: JSONValue, type: String) -> JSONValue {
        guard var object = page.objectValue else { return page }
        object["type"] = .string(type)
        return .object(object)
    }
}
