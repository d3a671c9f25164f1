import BoxLikeJSON

/// An invite with what its JSON needs from the rest of the state.
struct InviteView: Sendable {
    var invite: InviteRecord
    var enterprise: JSONValue
    var actionableBy: JSONValue
    var invitedBy: JSONValue
}

/// Box's `invite` JSON, built outside the state actor.
enum InviteRepresentation {
    static func render(_ view: InviteView, fields: FieldSelection) -> JSONValue {
        let invite = view.invite
        let full: [String: JSONValue] = [
            "type": "invite", "id": .string(invite.id), "invited_to": view.enterprise,
            "actionable_by": view.actionableBy, "invited_by": view.invitedBy, "status": .string(invite.status),
            "created_at": Timestamp.json(invite.createdAt), "modified_at": Timestamp.json(invite.modifiedAt),
        ]
        return fields.apply(full, standard: Set(full.keys))
    }
}
