import BoxLikeJSON

/// The JSON of storage policies and their assignments, outside the state actor.
enum StoragePolicyRepresentation {
    static func policy(_ policy: StoragePolicyRecord, fields: FieldSelection = FieldSelection(requested: nil)) -> JSONValue {
        let full: [String: JSONValue] = ["type": "storage_policy", "id": .string(policy.id), "name": .string(policy.name)]
        return fields.apply(full, standard: Set(full.keys))
    }

    static func assignment(_ assignment: StoragePolicyAssignmentRecord) -> JSONValue {
        [
            "type": "storage_policy_assignment", "id": .string(assignment.id),
            "storage_policy": ["type": "storage_policy", "id": .string(assignment.policyId)],
            "assigned_to": ["type": .string(assignment.assignedToType), "id": .string(assignment.assignedToId)],
        ]
    }
}
