import Foundation

/// An enterprise's terms of service for its own (`managed`) or outside (`external`) users.
struct TermsOfServiceRecord: Sendable {
    var id: String
    var tosType: String
    var status: String
    var text: String
    var createdAt: Date
    var modifiedAt: Date
}

/// Whether a user accepted (or rejected) one terms of service.
struct TermsOfServiceUserStatusRecord: Sendable {
    var id: String
    var tosId: String
    var userId: String
    var isAccepted: Bool
    var createdAt: Date
    var modifiedAt: Date
}

/// The terms of service there are and users' answers to them, by id.
struct TermsOfServicesState: AreaState {
    var terms: [String: TermsOfServiceRecord] = [:]
    var userStatuses: [String: TermsOfServiceUserStatusRecord] = [:]
}
