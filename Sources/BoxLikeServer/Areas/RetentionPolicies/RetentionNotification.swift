import Foundation

/// A notice the server would have emailed when a file's retention ended: to the file's
/// owner when the policy has `are_owners_notified`, and to each of the policy's
/// `custom_notification_recipients`. ``BoxLikeServer/retentionNotifications()`` lists them.
public struct RetentionNotification: Sendable, Hashable {
    /// The user notified.
    public var recipientId: String
    /// That user's login (their email address).
    public var recipientLogin: String
    /// The file whose retention ended.
    public var fileId: String
    /// The file's name when its retention ended.
    public var fileName: String
    /// The retention policy that ended.
    public var policyId: String
    /// What the policy did then: `permanently_delete` or `remove_retention`.
    public var dispositionAction: String
    /// When, on the server's clock.
    public var sentAt: Date
}
