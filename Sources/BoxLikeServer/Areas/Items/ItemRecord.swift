import Foundation

/// A file, folder or web link: what the three kinds share, held once, and what only one kind
/// has in ``payload``.
///
/// Each user's root folder has `parentId == nil` and is `0` in the API.
struct ItemRecord: Sendable {
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
    /// When the item went to the trash; `nil` while it is active.
    var trashedAt: Date?
    /// The watermark of a file or folder, when it has one.
    var watermark: WatermarkRecord?
    var payload: ItemPayload
    /// A folder's `can_non_owners_invite`: whether collaborators who do not own it may invite.
    var canNonOwnersInvite = true
    /// A folder's `can_non_owners_view_collaborators`.
    var canNonOwnersViewCollaborators = true
    /// A folder's `is_collaboration_restricted_to_enterprise`: only users of the owner's
    /// enterprise may be invited.
    var isCollaborationRestrictedToEnterprise = false

    var type: ItemType { payload.type }
    var ref: ItemRef { ItemRef(type: type, id: id) }
    var isRoot: Bool { type == .folder && parentId == nil }
    var isTrashed: Bool { trashedAt != nil }
    /// When an item in the trash is deleted for good, as Box does after 30 days.
    var purgeDate: Date? { trashedAt.map { $0.addingTimeInterval(Self.trashRetention) } }
    /// How long an item stays in the trash.
    static let trashRetention: TimeInterval = 30 * 24 * 60 * 60
    /// Box's `item_status`.
    var itemStatus: String { isTrashed ? "trashed" : "active" }

    /// The file part, when the item is a file.
    var file: FilePayload? {
        guard case .file(let file) = payload else { return nil }
        return file
    }

    /// Changes the file part; does nothing to a folder or web link.
    mutating func modifyFile(_ change: (inout FilePayload) -> Void) {
        guard case .file(var file) = payload else { return }
        change(&file)
        payload = .file(file)
    }

    /// The lowercase extension of the name (`csv` for `q1.CSV`), empty without one.
    var fileExtension: String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }
}
