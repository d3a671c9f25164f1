import BoxLikeJSON

/// An assignment with what its JSON needs from the rest of the state.
struct RetentionAssignmentView: Sendable {
    var assignment: RetentionAssignmentRecord
    var policy: RetentionPolicyRecord?
    var assignedBy: JSONValue
}

/// Box's `retention_policy_assignment` JSON, built outside the state actor.
enum RetentionPolicyAssignmentRepresentation {
    static let standardKeys: Set<String> = [
        "type", "id", "retention_policy", "assigned_to", "filter_fields", "assigned_by", "assigned_at", "start_date_field",
    ]

    static func render(_ view: RetentionAssignmentView, fields: FieldSelection = FieldSelection(requested: nil)) -> JSONValue {
        let assignment = view.assignment
        let full: [String: JSONValue] = [
            "type": "retention_policy_assignment", "id": .string(assignment.id),
            "retention_policy": view.policy.map(RetentionPolicyRepresentation.mini)
                ?? ["type": "retention_policy", "id": .string(assignment.policyId)],
            "assigned_to": ["type": .string(assignment.targetType), "id": .optional(assignment.targetId)],
            "filter_fields": assignment.filterFields.isEmpty
                ? .null : .array(assignment.filterFields.map { ["field": .string($0.field), "value": .string($0.value)] }),
            "assigned_by": view.assignedBy, "assigned_at": Timestamp.json(assignment.assignedAt),
            "start_date_field": .string(assignment.startDateField ?? "upload_date"),
        ]
        return fields.apply(full, standard: standardKeys)
    }
}
