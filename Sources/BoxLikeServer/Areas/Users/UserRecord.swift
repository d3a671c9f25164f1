import BoxLikeJSON
import Foundation

/// A user of the seeded enterprise.
struct UserRecord: Sendable {
    enum Role: String, Sendable {
        case admin
        case user
        case serviceAccount
        case appUser
    }

    var id: String
    var name: String
    var login: String
    var password: String
    var role: Role
    var createdAt: Date
    var modifiedAt: Date
    var status = "active"
    var language = "en"
    var timezone = "America/Los_Angeles"
    var jobTitle = ""
    var phone = ""
    var address = ""
    var spaceAmount = 10_737_418_240
    var maxUploadSize = 5_368_709_120
    var rootFolderId: String
    /// The app's own identifier for an app user (`external_app_user_id`).
    var externalAppUserId: String?
    var isSyncEnabled = true
    var isExternalCollabRestricted = false
    var isExemptFromDeviceLimits = false
    var isExemptFromLoginVerification = false
    /// `nil` until set: admins see managed users, others do not.
    var canSeeManagedUsers: Bool?
    var trackingCodes: [JSONValue] = []
    /// A user of another enterprise (or none) who collaborates on this enterprise's content:
    /// the enterprise's admins list them with `user_type=external` and cannot manage them.
    var isExternal = false
    /// Rolled out of the enterprise (`enterprise: null`): a free user, shown with no enterprise.
    var isFreeUser = false
    /// Whether the user has to choose a new password at their next sign-in.
    var isPasswordResetRequired = false
    /// The second address Box mail goes to (`notification_email`), and whether it is confirmed.
    var notificationEmail: (email: String, isConfirmed: Bool)?
}
