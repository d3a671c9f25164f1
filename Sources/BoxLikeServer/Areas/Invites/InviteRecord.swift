import Foundation

/// An invitation of a login to join the enterprise, with or without a Box account yet.
struct InviteRecord: Sendable {
    var id: String
    /// The invited user: an existing account, or the id the invitation gave a login that has
    /// no account yet.
    var userId: String
    /// The address invited.
    var login: String
    var invitedBy: String
    var status = "pending"
    var createdAt: Date
    var modifiedAt: Date
}

/// What this area keeps for itself in the state actor.
struct InvitesState: AreaState {
    var invites: [String: InviteRecord] = [:]
}
