import BoxLikeJSON
import Foundation

/// A legal hold policy with what its JSON needs from the rest of the state.
struct LegalHoldPolicyView: Sendable {
    var policy: LegalHoldPolicyRecord
    var createdBy: JSONValue
    /// Assignments by target type (`file`, `folder`, `user`...).
    var assignmentCounts: [String: Int]
}

/// Box's `legal_hold_policy` JSON, built outside the state actor.
enum LegalHoldPolicyRepresentation {
    static let standardKeys: Set<String> = [
        "type", "id", "policy_name", "description", "status", "assignment_counts", "created_by", "created_at",
        "modified_at", "deleted_at", "filter_started_at", "filter_ended_at", "release_notes",
    ]

    static func mini(id: String) -> JSONValue {
        ["type": "legal_hold_policy", "id": .string(id)]
    }

    static func render(_ view: LegalHoldPolicyView, fields: FieldSelection = FieldSelection(requested: nil)) -> JSONValue {
        let policy = view.policy
        let counts = view.assignmentCounts
        var full: [String: JSONValue] = [
            "type": "legal_hold_policy", "id": .string(policy.id), "policy_name": .string(policy.name),
            "description": .optional(policy.description), "status": .string(policy.status.rawValue),
            "assignment_counts": .object(Dictionary(uniqueKeysWithValues: ["user", "folder", "file", "file_version", "ownership", "interactions"]
                .map { ($0, JSONValue.int(counts[$0] ?? 0)) })),
            "created_by": view.createdBy, "created_at": Timestamp.json(policy.createdAt),
            "modified_at": Timestamp.json(policy.modifiedAt), "deleted_at": Timestamp.json(policy.deletedAt),
            "filter_started_at": policy.filterStartedAtText.map(JSONValue.string) ?? Timestamp.json(policy.filterStartedAt),
            "filter_ended_at": policy.filterEndedAtText.map(JSONValue.string) ?? Timestamp.json(policy.filterEndedAt),
            "release_notes": .optional(policy.releaseNotes),
        ]
        // Box describes these as strings, never `null`: a policy without one leaves it out.
        for key in ["description", "deleted_at", "filter_started_at", "filter_ended_at", "release_notes"] where full[key] == .null {
            full[key] = nil
        }
        return fields.apply(full, standard: standardKeys)
    }
}
