import BoxLikeJSON

/// A collaboration with what its JSON needs from the rest of the state.
struct CollaborationView: Sendable {
    var collaboration: CollaborationRecord
    var item: JSONValue
    /// The group or user given access (`null` for an invitation to an address no user has yet).
    var accessibleBy: JSONValue
    var createdBy: JSONValue
    /// What the collaborator must do first (Box's `acceptance_requirements_status`).
    var acceptanceRequirementsStatus: JSONValue
}

/// Box's `collaboration` JSON, built outside the state actor.
enum CollaborationRepresentation {
    /// Box's description has `accessible_by` as an object, never `null`, so an invitation to
    /// an address no user has yet leaves it out and names the address in `invite_email`.
    static func render(_ view: CollaborationView) -> JSONValue {
        let collaboration = view.collaboration
        var members: [String: JSONValue] = [
            "type": "collaboration", "id": .string(collaboration.id), "item": view.item,
            "accessible_by": view.accessibleBy,
            "invite_email": collaboration.inviteEmail.map(JSONValue.string) ?? .null, "role": .string(collaboration.role),
            "expires_at": Timestamp.json(collaboration.expiresAt), "is_access_only": false,
            "status": .string(collaboration.status), "acknowledged_at": Timestamp.json(collaboration.createdAt),
            "created_by": view.createdBy, "created_at": Timestamp.json(collaboration.createdAt),
            "modified_at": Timestamp.json(collaboration.modifiedAt),
            // No documented operation makes a collaboration on an app item.
            "app_item": .null,
            "acceptance_requirements_status": view.acceptanceRequirementsStatus,
        ]
        if view.accessibleBy == .null { members["accessible_by"] = nil }
        return .object(members)
    }
}
