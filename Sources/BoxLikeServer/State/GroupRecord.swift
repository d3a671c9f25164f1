import Foundation

/// A group of users in the enterprise.
struct GroupRecord: Sendable {
    var id: String
    var name: String
    var description = ""
    var provenance: String?
    var externalSyncIdentifier: String?
    var invitabilityLevel = "admins_only"
    var memberViewabilityLevel = "admins_only"
    var createdAt: Date
    var modifiedAt: Date
}

/// A user's membership of a group, as a `member` or an `admin` of it.
struct GroupMembershipRecord: Sendable {
    var id: String
    var groupId: String
    var userId: String
    var role: String
    var createdAt: Date
    var modifiedAt: Date
}
