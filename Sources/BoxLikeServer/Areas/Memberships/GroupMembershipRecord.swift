import Foundation

/// A user's membership of a group, as a `member` or an `admin` of it.
struct GroupMembershipRecord: Sendable {
    var id: String
    var groupId: String
    var userId: String
    var role: String
    var createdAt: Date
    var modifiedAt: Date
}
