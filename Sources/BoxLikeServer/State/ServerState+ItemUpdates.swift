import Foundation

/// What files and folders share when they are updated through `PUT`.
protocol UpdatableItemRecord {
    var description: String { get set }
    var tags: [String] { get set }
    var sharedLink: SharedLinkRecord? { get set }
    var etag: Int { get set }
    var sequenceId: Int { get set }
    var modifiedAt: Date { get set }
    var modifiedBy: String { get set }
}

extension FolderRecord: UpdatableItemRecord {}
extension FileRecord: UpdatableItemRecord {}

extension ServerState {
    struct ItemUpdate {
        var name: String?
        var description: String?
        var parentApiId: String?
        var sharedLink: SharedLinkChange = .unchanged
        var tags: [String]?
        var ifMatch: String?
        var lock: LockChange = .unchanged

        var changesSharing: Bool {
            if case .unchanged = sharedLink { return false }
            return true
        }

        var changesAnything: Bool {
            name != nil || description != nil || parentApiId != nil || tags != nil || changesSharing || changesLock
        }

        var changesLock: Bool {
            if case .unchanged = lock { return false }
            return true
        }
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

    struct Placement {
        var name: String
        var parentId: String?
        var events: [String] = []
    }

    /// Checks the caller may make `update` and works out the item's new name and parent
    /// (a root folder, with no parent, can be neither moved nor renamed).
    func placement(of ref: ItemRef, name: String, parentId: String?, update: ItemUpdate, principal: Principal) throws -> Placement {
        if update.changesAnything { try authorize(principal, ref, write: true) }
        var result = Placement(name: name, parentId: parentId)
        if let parentApiId = update.parentApiId {
            guard parentId != nil else { throw ServerErrorResponse.badRequest("The root folder cannot be moved") }
            let parent = try folder(parentApiId, for: principal, write: true)
            if ref.type == .folder && isWithin(ItemRef(type: .folder, id: parent.id), folder: ref.id) {
                throw ServerErrorResponse.badRequest("Cannot move a folder into itself or its descendant")
            }
            if parent.id != parentId {
                try ensureNameFree(update.name ?? name, in: parent.id, except: ref)
                result.parentId = parent.id
                result.events.append("ITEM_MOVE")
            }
        }
        if let newName = update.name, newName != name {
            guard let parent = result.parentId else { throw ServerErrorResponse.badRequest("The root folder cannot be renamed") }
            try validateName(newName)
            try ensureNameFree(newName, in: parent, except: ref)
            result.name = newName
            result.events.append("ITEM_RENAME")
        }
        return result
    }

    /// Applies description, tags and shared link, and bumps the etag and modification stamp.
    func applyCommonChanges<Record: UpdatableItemRecord>(
        _ update: ItemUpdate, to record: inout Record, by userId: String, events: inout [String]
    ) throws {
        if let description = update.description { record.description = description }
        if let tags = update.tags { record.tags = tags }
        record.sharedLink = try applySharedLink(update.sharedLink, to: record.sharedLink, events: &events)
        record.etag += 1
        record.sequenceId += 1
        record.modifiedAt = Date()
        record.modifiedBy = userId
    }
}
