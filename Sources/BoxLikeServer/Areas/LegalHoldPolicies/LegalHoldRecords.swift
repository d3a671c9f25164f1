import Foundation

/// A legal hold policy: a matter under which content is kept from permanent deletion.
struct LegalHoldPolicyRecord: Sendable {
    /// `active` until the policy is deleted; `releasing` while the release runs.
    enum Status: String, Sendable {
        case active
        case releasing
    }

    var id: String
    var name: String
    var description: String?
    var createdBy: String
    var createdAt: Date
    var modifiedAt: Date
    /// With custodian (user) assignments, only versions created in this range are held.
    var filterStartedAt: Date?
    var filterEndedAt: Date?
    /// The filter dates as the creator wrote them: Box answers them with the offset sent.
    var filterStartedAtText: String?
    var filterEndedAtText: String?
    /// Whether content that matches an assignment later (a new version, a new file in a held
    /// folder) is held too, not only what matched when the assignment was made.
    var isOngoing: Bool
    var releaseNotes: String?
    var status: Status = .active
    var deletedAt: Date?
    /// When a deleted policy's release completes and it disappears.
    var releaseDueAt: Date?
}

/// A legal hold policy applied to a file, a file version, a folder or a user (custodian).
struct LegalHoldAssignmentRecord: Sendable {
    var id: String
    var policyId: String
    /// `file`, `file_version`, `folder`, `user`, `ownership` or `interactions`.
    var targetType: String
    var targetId: String
    var assignedBy: String
    var assignedAt: Date
    /// The file versions the assignment matched when it was made; they stay held whatever
    /// happens to the target afterwards.
    var heldVersionIds: Set<String>
}

/// One file version a legal hold holds, as the legal hold areas report it.
struct HeldFileVersion: Sendable {
    var file: ItemRecord
    var version: FileVersionRecord
    var number: Int
}

/// Legal hold policies, their assignments, and the ids of the `file_version_legal_hold`
/// resources handed out (one per held file version).
struct LegalHoldsState: AreaState {
    var policies: [String: LegalHoldPolicyRecord] = [:]
    var assignments: [String: LegalHoldAssignmentRecord] = [:]
    /// `file_version_legal_hold` id by file version id, and back.
    var holdIdsByVersion: [String: String] = [:]
    var versionsByHoldId: [String: String] = [:]
}
