import Foundation

/// An extra email address a user can log in with.
struct EmailAliasRecord: Sendable {
    var id: String
    var userId: String
    var email: String
}

/// What this area keeps for itself in the state actor.
struct EmailAliasesState: AreaState {
    var emailAliases: [String: EmailAliasRecord] = [:]
}
