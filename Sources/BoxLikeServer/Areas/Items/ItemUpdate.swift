import Foundation

/// The changes a `PUT` on an item (or a shared-link route) asks for.
struct ItemUpdate {
    var name: String?
    var description: String?
    var parentApiId: String?
    var sharedLink: SharedLinkChange = .unchanged
    var tags: [String]?
    /// Only web links have a URL; other kinds ignore it.
    var url: String?
    var ifMatch: String?
    /// Only files have locks; other kinds ignore it.
    var lock: LockChange = .unchanged
    /// The caller's collections the item should be in (personal: needs no write access).
    var collections: [String]?
    /// A later end for a file's retention (`disposition_at`), set by its owner.
    var dispositionAt: Date?

    var changesSharing: Bool {
        if case .unchanged = sharedLink { return false }
        return true
    }

    var changesLock: Bool {
        if case .unchanged = lock { return false }
        return true
    }

    var changesAnything: Bool {
        name != nil || description != nil || parentApiId != nil || tags != nil || url != nil || changesSharing || changesLock
            || dispositionAt != nil
    }

    enum LockChange {
        case unchanged
        case remove
        case set(expiresAt: Date?, isDownloadPrevented: Bool)
    }

    enum SharedLinkChange {
        case unchanged
        case remove
        case set(access: String?, password: String??, unsharedAt: Date??, canDownload: Bool?, canEdit: Bool?, vanityName: String??)
    }
}
