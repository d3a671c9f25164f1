import Foundation

/// An extra email address a user can log in with.
struct EmailAliasRecord: Sendable {
    var id: String
    var userId: String
    var email: String
}

/// An invitation for an existing user to join the enterprise.
struct InviteRecord: Sendable {
    var id: String
    var userId: String
    var invitedBy: String
    var status = "pending"
    var createdAt: Date
    var modifiedAt: Date
}
