import Foundation

/// A collaboration giving a user, a group, or an invited email address without an account
/// a role on another user's item.
struct CollaborationRecord: Sendable {
    var id: String
    var item: ItemRef
    /// The collaborator; empty for a group collaboration and for an invitation to an email
    /// address that has no account yet.
    var userId: String
    /// The group given access, for a group collaboration.
    var groupId: String?
    /// The address invited, while it has no account.
    var inviteEmail: String?
    var role: String
    var status = "accepted"
    var createdBy: String
    var createdAt: Date
    var modifiedAt: Date
    var expiresAt: Date?
}
