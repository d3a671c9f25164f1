import BoxLikeJSON
import Foundation

/// A retention with what its JSON needs from the rest of the state.
struct FileVersionRetentionView: Sendable {
    var record: FileVersionRetentionRecord
    var file: ItemRecord
    var version: FileVersionRecord
    var policy: RetentionPolicyRecord
    var dispositionAt: Date?
}

/// Box's `file_version_retention` JSON, built outside the state actor.
enum FileVersionRetentionRepresentation {
    static func render(_ view: FileVersionRetentionView) -> JSONValue {
        [
            "type": "file_version_retention", "id": .string(view.record.id),
            "file_version": LegalHoldPolicyAssignmentRepresentation.versionMini(view.version),
            "file": LegalHoldPolicyAssignmentRepresentation.fileMini(view.file),
            "applied_at": Timestamp.json(view.record.appliedAt), "disposition_at": Timestamp.json(view.dispositionAt),
            "winning_retention_policy": RetentionPolicyRepresentation.mini(view.policy),
        ]
    }
}
