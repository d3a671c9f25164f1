import BoxLikeJSON

/// The JSON of a cascade policy, as Box renders it.
enum MetadataCascadePolicyRepresentation {
    static func render(_ policy: MetadataCascadePolicyRecord) -> JSONValue {
        [
            "type": "metadata_cascade_policy", "id": .string(policy.id),
            "owner_enterprise": ["type": "enterprise", "id": .string(policy.ownerEnterpriseId)],
            "parent": ["type": "folder", "id": .string(policy.folderId)],
            "scope": .string(policy.scope), "templateKey": .string(policy.templateKey),
        ]
    }
}
