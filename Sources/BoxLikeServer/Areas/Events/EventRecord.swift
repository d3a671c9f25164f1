import BoxLikeJSON
import Foundation

/// An entry in the event stream.
struct EventRecord: Sendable {
    var id: String
    var position: Int
    var eventType: String
    var createdBy: String
    var createdAt: Date
    var source: ItemRef?
    var visibleTo: Set<String>
    /// The type the enterprise's admin logs show it under (Box's enterprise event types:
    /// `UPLOAD`, `DELETE`, `NEW_USER`...); `nil` for events the admin logs do not have.
    var enterpriseType: String? = nil
    /// The source item's name when the event happened (the item may be gone by the time the
    /// admin logs are read).
    var sourceName: String? = nil
    /// The user an enterprise event is about (`NEW_USER`, `DELETE_USER`), as it was then.
    var sourceUser: UserMini? = nil
    /// What the admin logs show in `additional_details` (which policy, barrier or segments an
    /// enterprise event concerns), a flat object of strings; `nil` renders as `null`.
    var additionalDetails: JSONValue? = nil

    /// A user as an admin event remembers them.
    struct UserMini: Sendable {
        var id: String
        var name: String
        var login: String
    }
}

/// Event types the server records for changes that Box's user event stream has no documented
/// type for; Box's own spellings are used everywhere else.
enum EventTypes {
    /// An item deleted for good from the trash (fires `FILE.DELETED` / `FOLDER.DELETED`).
    static let purge = "ITEM_PURGE"
    /// A comment's text changed (fires `COMMENT.UPDATED`).
    static let commentUpdate = "COMMENT_UPDATE"
    /// An invitee accepted a collaboration, as Box's enterprise events spell it (fires
    /// `COLLABORATION.ACCEPTED`).
    static let collaborationAccept = "COLLABORATION_ACCEPT"
    /// An invitee rejected a collaboration (fires `COLLABORATION.REJECTED`).
    static let collaborationReject = "COLLABORATION_REJECT"
}
