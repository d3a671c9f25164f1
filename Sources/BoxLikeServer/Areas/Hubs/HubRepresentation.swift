import BoxLikeJSON

/// The JSON of hubs, made from snapshots outside the state actor.
enum HubRepresentation {
    static func hub(_ snapshot: HubSnapshot) -> JSONValue {
        let hub = snapshot.hub
        return [
            "id": .string(hub.id), "type": "hubs", "title": .string(hub.title), "description": .string(hub.description),
            "created_at": Timestamp.json(hub.createdAt), "updated_at": Timestamp.json(hub.updatedAt),
            "created_by": user(hub.ownerId, in: snapshot), "updated_by": user(hub.updatedBy, in: snapshot),
            "view_count": .int(hub.viewCount), "is_ai_enabled": .bool(hub.isAiEnabled),
            "is_collaboration_restricted_to_enterprise": .bool(hub.isCollaborationRestrictedToEnterprise),
            "can_non_owners_invite": .bool(hub.canNonOwnersInvite), "can_shared_link_be_created": .bool(hub.canSharedLinkBeCreated),
            "can_public_shared_link_be_created": .bool(hub.canPublicSharedLinkBeCreated),
            "copy_hub_access": .string(hub.copyHubAccess),
        ]
    }

    /// `{"id": ..., "type": "hubs"}`, as hub collaborations name their hub.
    static func base(_ hubId: String) -> JSONValue {
        ["id": .string(hubId), "type": "hubs"]
    }

    private static func user(_ id: String, in snapshot: HubSnapshot) -> JSONValue {
        snapshot.users[id] ?? ["type": "user", "id": .string(id)]
    }
}
