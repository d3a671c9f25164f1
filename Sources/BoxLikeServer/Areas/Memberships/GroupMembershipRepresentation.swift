import BoxLikeJSON

/// A group membership with what its JSON needs from the rest of the state.
struct GroupMembershipView: Sendable {
    var membership: GroupMembershipRecord
    var user: JSONValue
    var group: JSONValue
}

/// Box's `group_membership` JSON, built outside the state actor.
enum GroupMembershipRepresentation {
    static func render(_ view: GroupMembershipView, fields: FieldSelection = FieldSelection(query: [:])) -> JSONValue {
        let membership = view.membership
        let full: [String: JSONValue] = [
            "type": "group_membership", "id": .string(membership.id),
            "user": view.user, "group": view.group, "role": .string(membership.role),
            "created_at": Timestamp.json(membership.createdAt), "modified_at": Timestamp.json(membership.modifiedAt),
        ]
        return fields.apply(full, standard: Set(full.keys))
    }
}
