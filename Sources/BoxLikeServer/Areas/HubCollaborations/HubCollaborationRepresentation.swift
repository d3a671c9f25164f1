import BoxLikeJSON

/// The JSON of hub collaborations, made from snapshots outside the state actor.
enum HubCollaborationRepresentation {
    static func collaboration(_ snapshot: HubCollaborationSnapshot) -> JSONValue {
        let collaboration = snapshot.collaboration
        return [
            "id": .string(collaboration.id), "type": "hub_collaboration", "hub": HubRepresentation.base(collaboration.hubId),
            "accessible_by": snapshot.grantee, "role": .string(collaboration.role), "status": .string(collaboration.status),
        ]
    }
}
