import Foundation

/// A webhook registration.
struct WebhookRecord: Sendable {
    var id: String
    var target: ItemRef
    var address: String
    var triggers: [String]
    var createdBy: String
    var createdAt: Date
    /// The app whose token created it; its deliveries are signed with that app's keys.
    var clientId: String
}
