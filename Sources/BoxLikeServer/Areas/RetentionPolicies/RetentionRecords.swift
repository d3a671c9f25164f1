import BoxLikeJSON
import Foundation

/// A retention policy: how long content is kept and what happens to it afterwards.
struct RetentionPolicyRecord: Sendable {
    var id: String
    var name: String
    var description: String?
    /// `finite` (kept ``retentionLengthDays``) or `indefinite`.
    var policyType: String
    var retentionLengthDays: Int?
    /// `permanently_delete` or `remove_retention`.
    var dispositionAction: String
    /// `modifiable`, or `non_modifiable`: then it can only be extended, never shortened,
    /// retired or deleted, and its assignments cannot be removed.
    var retentionType: String
    /// `active` or `retired`.
    var status: String = "active"
    var createdBy: String
    var createdAt: Date
    var modifiedAt: Date
    var canOwnerExtendRetention: Bool
    /// `none`, or the most days an owner may extend by, as a string.
    var maxExtensionLength: String?
    var areOwnersNotified: Bool
    var customNotificationRecipients: [String]

    var isNonModifiable: Bool { retentionType == "non_modifiable" }
    var isActive: Bool { status == "active" }
    /// How long content is kept, `nil` for ever.
    var retentionLength: TimeInterval? { retentionLengthDays.map { TimeInterval($0) * 24 * 3600 } }
}

/// A retention policy applied to the enterprise, a folder, or the files carrying a metadata
/// template (those whose values match `filterFields`).
struct RetentionAssignmentRecord: Sendable {
    var id: String
    var policyId: String
    /// `enterprise`, `folder` or `metadata_template`.
    var targetType: String
    var targetId: String?
    var filterFields: [(field: String, value: String)]
    var startDateField: String?
    var assignedBy: String
    var assignedAt: Date
}

/// One file version under one retention policy (`file_version_retention`).
struct FileVersionRetentionRecord: Sendable {
    var id: String
    var policyId: String
    var assignmentId: String
    var fileId: String
    var versionId: String
    var appliedAt: Date
    /// Set once the policy's disposition action has been applied; the record no longer retains.
    var disposedAt: Date?
    /// A later disposition date the file's owner set (`PUT /files/{id}` `disposition_at`),
    /// when the policy lets owners extend retention.
    var extendedUntil: Date? = nil
}

/// Retention policies, their assignments and the retentions they put on file versions.
struct RetentionState: AreaState {
    var policies: [String: RetentionPolicyRecord] = [:]
    var assignments: [String: RetentionAssignmentRecord] = [:]
    var retentions: [String: FileVersionRetentionRecord] = [:]
    /// The notices sent when retentions ended, oldest first.
    var notifications: [RetentionNotification] = []
}
