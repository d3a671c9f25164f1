import Foundation

/// A shared link on an item.
struct SharedLinkRecord: Sendable {
    var token: String
    var access: String
    var password: String?
    var unsharedAt: Date?
    var canDownload: Bool
    var canPreview: Bool
    var canEdit: Bool
    var vanityName: String?
    var createdAt: Date
}
