import BoxLikeJSON
import Foundation

/// An assignment with what its JSON needs from the rest of the state.
struct LegalHoldAssignmentView: Sendable {
    var assignment: LegalHoldAssignmentRecord
    var assignedBy: JSONValue
}

/// Box's `legal_hold_policy_assignment` JSON and the held files and versions, built outside
/// the state actor.
enum LegalHoldPolicyAssignmentRepresentation {
    static let standardKeys: Set<String> = [
        "type", "id", "legal_hold_policy", "assigned_to", "assigned_by", "assigned_at", "deleted_at",
    ]

    static func render(_ view: LegalHoldAssignmentView, fields: FieldSelection = FieldSelection(requested: nil)) -> JSONValue {
        let assignment = view.assignment
        let full: [String: JSONValue] = [
            "type": "legal_hold_policy_assignment", "id": .string(assignment.id),
            "legal_hold_policy": LegalHoldPolicyRepresentation.mini(id: assignment.policyId),
            "assigned_to": ["type": .string(assignment.targetType), "id": .string(assignment.targetId)],
            // `deleted_at` is left out while the assignment stands: Box describes it as a date, never `null`.
            "assigned_by": view.assignedBy, "assigned_at": Timestamp.json(assignment.assignedAt),
        ]
        return fields.apply(full, standard: standardKeys)
    }

    /// A held file, once: `File--Mini`.
    static func fileMini(_ file: ItemRecord) -> JSONValue {
        var object: [String: JSONValue] = [
            "type": "file", "id": .string(file.id), "etag": .string(String(file.etag)),
            "sequence_id": .string(String(file.sequenceId)), "name": .string(file.name),
        ]
        if let current = file.file?.currentVersion {
            object["sha1"] = .string(current.content.sha1)
            object["file_version"] = versionMini(current)
        }
        return .object(object)
    }

    static func versionMini(_ version: FileVersionRecord) -> JSONValue {
        ["type": "file_version", "id": .string(version.id), "sha1": .string(version.content.sha1)]
    }

    /// A held version: Box's `file_version` (standard variant).
    static func version(_ held: HeldFileVersion) -> JSONValue {
        let version = held.version
        return [
            "type": "file_version", "id": .string(version.id), "sha1": .string(version.content.sha1),
            "name": .string(version.name), "size": .int(version.content.size), "created_at": Timestamp.json(version.createdAt),
            "modified_at": Timestamp.json(version.createdAt), "trashed_at": Timestamp.json(version.trashedAt),
            "version_number": .string(String(held.number)),
        ]
    }
}
