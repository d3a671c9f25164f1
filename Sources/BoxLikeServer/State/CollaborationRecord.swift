import Foundation

/// A collaboration giving a user a role on another user's item.
struct CollaborationRecord: Sendable {
    var id: String
    var item: ItemRef
    var userId: String
    var role: String
    var status = "accepted"
    var createdBy: String
    var createdAt: Date
    var modifiedAt: Date
    var expiresAt: Date?
}
