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
