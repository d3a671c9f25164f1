import BoxLikeJSON
import Foundation

/// The JSON representation of collaborations.
extension ServerState {
    func renderCollaboration(_ collaboration: CollaborationRecord) -> JSONValue {
        [
            "type": "collaboration", "id": .string(collaboration.id), "item": mini(collaboration.item),
            "accessible_by": collaboration.groupId.map(groupMini) ?? (collaboration.userId.isEmpty ? .null : userMini(collaboration.userId)),
            "invite_email": collaboration.inviteEmail.map(JSONValue.string) ?? .null, "role": .string(collaboration.role),
            "expires_at": Timestamp.json(collaboration.expiresAt), "is_access_only": false,
            "status": .string(collaboration.status), "acknowledged_at": Timestamp.json(collaboration.createdAt),
            "created_by": userMini(collaboration.createdBy), "created_at": Timestamp.json(collaboration.createdAt),
            "modified_at": Timestamp.json(collaboration.modifiedAt),
        ]
    }
}
