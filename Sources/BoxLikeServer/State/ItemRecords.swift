import Foundation

/// Kinds of item that live in the folder tree.
enum ItemType: String, Sendable, Hashable {
    case file
    case folder
    case webLink = "web_link"
}

/// A reference to an item by type and id.
struct ItemRef: Sendable, Hashable {
    var type: ItemType
    var id: String
}

/// A shared link on a file or folder.
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

/// A folder; each user's root folder has `parentId == nil` and is `0` in the API.
struct FolderRecord: Sendable {
    var id: String
    var name: String
    var description = ""
    var parentId: String?
    var ownerId: String
    var createdBy: String
    var modifiedBy: String
    var createdAt: Date
    var modifiedAt: Date
    var etag = 0
    var sequenceId = 0
    var sharedLink: SharedLinkRecord?
    var tags: [String] = []

    var isRoot: Bool { parentId == nil }
}

/// A lock on a file: while it holds, only its creator may change the file.
struct LockRecord: Sendable {
    var id: String
    var createdBy: String
    var createdAt: Date
    var expiresAt: Date?
    var isDownloadPrevented: Bool

    var isActive: Bool { expiresAt.map { $0 > Date() } ?? true }
}

/// One version of a file's content.
struct FileVersionRecord: Sendable {
    var id: String
    var content: StoredContent
    var name: String
    var createdAt: Date
    var modifiedBy: String
}

/// A file and its versions; the last version is current.
struct FileRecord: Sendable {
    var id: String
    var name: String
    var description = ""
    var parentId: String
    var ownerId: String
    var createdBy: String
    var modifiedBy: String
    var createdAt: Date
    var modifiedAt: Date
    var contentCreatedAt: Date
    var contentModifiedAt: Date
    var etag = 0
    var sequenceId = 0
    var versions: [FileVersionRecord]
    var sharedLink: SharedLinkRecord?
    var tags: [String] = []
    var lock: LockRecord?

    var current: FileVersionRecord? { versions.last }

    var fileExtension: String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }
}

/// A web link (bookmark) in a folder.
struct WebLinkRecord: Sendable {
    var id: String
    var name: String
    var url: String
    var description = ""
    var parentId: String
    var ownerId: String
    var createdBy: String
    var modifiedBy: String
    var createdAt: Date
    var modifiedAt: Date
    var etag = 0
    var sequenceId = 0
}

/// A collaboration giving a user a role on another user's item.
struct CollaborationRecord: Sendable {
    var id: String
    var item: ItemRef
    var userId: String
    var role: String
    var status = "accepted"
    var createdBy: String
    var createdAt: Date
    var modifiedAt: Date
    var expiresAt: Date?
}

/// A webhook registration.
struct WebhookRecord: Sendable {
    var id: String
    var target: ItemRef
    var address: String
    var triggers: [String]
    var createdBy: String
    var createdAt: Date
}

/// An entry in the event stream.
struct EventRecord: Sendable {
    var id: String
    var position: Int
    var eventType: String
    var createdBy: String
    var createdAt: Date
    var source: ItemRef?
    var visibleTo: Set<String>
}

/// A chunked upload session.
struct UploadSessionRecord: Sendable {
    struct Part: Sendable {
        var id: String
        var offset: Int
        var size: Int
        var sha1: String
        var content: StoredContent
    }

    var id: String
    var ownerId: String
    var folderId: String
    var fileId: String?
    var fileName: String
    var fileSize: Int
    var partSize: Int
    var expiresAt: Date
    var parts: [Int: Part] = [:]

    var totalParts: Int { max(1, (fileSize + partSize - 1) / partSize) }
}

/// A short-lived capability to fetch one file version without a bearer token.
struct DownloadTicket: Sendable {
    var fileId: String
    var versionId: String
    var expiresAt: Date
}
