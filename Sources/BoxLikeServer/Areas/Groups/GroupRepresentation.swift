import BoxLikeJSON

/// Box's `group` JSON, built outside the state actor.
enum GroupRepresentation {
    static func render(_ group: GroupRecord, fields: FieldSelection = FieldSelection(query: [:])) -> JSONValue {
        let full: [String: JSONValue] = [
            "type": "group", "id": .string(group.id), "name": .string(group.name), "group_type": "managed_group",
            "description": .string(group.description),
            "provenance": group.provenance.map(JSONValue.string) ?? .null,
            "external_sync_identifier": group.externalSyncIdentifier.map(JSONValue.string) ?? .null,
            "invitability_level": .string(group.invitabilityLevel),
            "member_viewability_level": .string(group.memberViewabilityLevel),
            "created_at": Timestamp.json(group.createdAt), "modified_at": Timestamp.json(group.modifiedAt),
        ]
        return fields.apply(full, standard: Set(full.keys))
    }
}
