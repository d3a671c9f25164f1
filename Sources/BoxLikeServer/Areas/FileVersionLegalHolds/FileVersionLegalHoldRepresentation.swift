import BoxLikeJSON

/// A held version with what its JSON needs from the rest of the state.
struct FileVersionLegalHoldView: Sendable {
    var id: String
    var held: HeldFileVersion
    var assignments: [LegalHoldAssignmentView]
}

/// Box's `file_version_legal_hold` JSON, built outside the state actor.
enum FileVersionLegalHoldRepresentation {
    static func render(_ view: FileVersionLegalHoldView) -> JSONValue {
        [
            "type": "file_version_legal_hold", "id": .string(view.id),
            "file_version": LegalHoldPolicyAssignmentRepresentation.versionMini(view.held.version),
            "file": LegalHoldPolicyAssignmentRepresentation.fileMini(view.held.file),
            "legal_hold_policy_assignments": .array(view.assignments.map { LegalHoldPolicyAssignmentRepresentation.render($0) }),
            "deleted_at": .null,
        ]
    }
}
