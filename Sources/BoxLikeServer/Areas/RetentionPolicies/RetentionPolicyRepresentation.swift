import BoxLikeJSON

/// A retention policy with what its JSON needs from the rest of the state.
struct RetentionPolicyView: Sendable {
    var policy: RetentionPolicyRecord
    var createdBy: JSONValue
    var recipients: [JSONValue]
    /// Assignments by target type (`enterprise`, `folder`, `metadata_template`).
    var assignmentCounts: [String: Int]
}

/// Box's `retention_policy` JSON, built outside the state actor.
enum RetentionPolicyRepresentation {
    static let standardKeys: Set<String> = [
        "type", "id", "policy_name", "retention_length", "disposition_action", "max_extension_length", "description",
        "policy_type", "retention_type", "status", "created_by", "created_at", "modified_at", "can_owner_extend_retention",
        "are_owners_notified", "custom_notification_recipients", "assignment_counts",
    ]

    /// `RetentionPolicy--Mini`.
    static func mini(_ policy: RetentionPolicyRecord) -> JSONValue {
        .object(miniMembers(policy))
    }

    private static func miniMembers(_ policy: RetentionPolicyRecord) -> [String: JSONValue] {
        var object: [String: JSONValue] = [
            "type": "retention_policy", "id": .string(policy.id), "policy_name": .string(policy.name),
            "retention_length": .string(policy.retentionLengthDays.map { String($0) } ?? "indefinite"),
            "disposition_action": .string(policy.dispositionAction),
        ]
        if let maximum = policy.maxExtensionLength { object["max_extension_length"] = .string(maximum) }
        return object
    }

    static func render(_ view: RetentionPolicyView, fields: FieldSelection = FieldSelection(requested: nil)) -> JSONValue {
        let policy = view.policy
        var full = miniMembers(policy)
        full.merge([
            "description": .optional(policy.description), "policy_type": .string(policy.policyType),
            "retention_type": .string(policy.retentionType), "status": .string(policy.status),
            "created_by": view.createdBy, "created_at": Timestamp.json(policy.createdAt), "modified_at": Timestamp.json(policy.modifiedAt),
            "can_owner_extend_retention": .bool(policy.canOwnerExtendRetention), "are_owners_notified": .bool(policy.areOwnersNotified),
            "custom_notification_recipients": .array(view.recipients),
            "assignment_counts": .object(Dictionary(uniqueKeysWithValues: ["enterprise", "folder", "metadata_template"]
                .map { ($0, JSONValue.int(view.assignmentCounts[$0] ?? 0)) })),
        ]) { _, new in new }
        return fields.apply(full, standard: standardKeys)
    }
}
