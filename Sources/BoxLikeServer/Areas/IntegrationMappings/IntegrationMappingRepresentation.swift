import BoxLikeJSON

/// The JSON of Slack and Teams mappings, outside the state actor.
enum IntegrationMappingRepresentation {
    /// A mapping with the folder's mini and the user minis resolved with it.
    static func mapping(_ mapping: IntegrationMappingRecord, folder: JSONValue, users: UserMinis) -> JSONValue {
        switch mapping.integration {
        case .slack:
            return [
                "type": "integration_mapping", "id": .string(mapping.id), "integration_type": "slack",
                "is_manually_created": true,
                "options": ["is_access_management_disabled": .bool(mapping.isAccessManagementDisabled)],
                "created_by": users[mapping.createdBy], "modified_by": users[mapping.modifiedBy],
                "partner_item": [
                    "type": .string(mapping.partner.type), "id": .string(mapping.partner.id),
                    "slack_workspace_id": mapping.partner.slackWorkspaceId.map(JSONValue.string) ?? .null,
                    "slack_org_id": mapping.partner.slackOrgId.map(JSONValue.string) ?? .null,
                ],
                "box_item": folder,
                "created_at": Timestamp.json(mapping.createdAt), "modified_at": Timestamp.json(mapping.modifiedAt),
            ]
        case .teams:
            return [
                "type": "integration_mapping", "id": .string(mapping.id), "integration_type": "teams",
                "is_overridden_by_manual_mapping": false,
                "partner_item": [
                    "type": .string(mapping.partner.type), "id": .string(mapping.partner.id),
                    "tenant_id": .string(mapping.partner.tenantId ?? ""),
                ],
                "box_item": folder,
                "created_at": Timestamp.json(mapping.createdAt), "modified_at": Timestamp.json(mapping.modifiedAt),
            ]
        }
    }
}
