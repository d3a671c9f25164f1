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
        var full: [String: JSONValue] = [
            "type": "group_membership", "id": .string(membership.id),
            "user": view.user, "group": view.group, "role": .string(membership.role),
            "created_at": Timestamp.json(membership.createdAt), "modified_at": Timestamp.json(membership.modifiedAt),
        ]
        // An admin's membership says what the admin may do; a member's has nothing to say.
        if let permissions = membership.effectivePermissions {
            full["configurable_permissions"] = .object(permissions.mapValues(JSONValue.bool))
        }
        return fields.apply(full, standard: Set(full.keys))
    }
}
