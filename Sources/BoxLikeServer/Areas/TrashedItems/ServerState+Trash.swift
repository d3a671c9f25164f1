import Foundation

/// The trash: what a user has deleted, reading it, restoring it and purging it. Deleting is
/// ``deleteItem(_:recursive:ifMatch:principal:)``.
extension ServerState {
    /// The items `principal` owns that were trashed themselves (not the contents of a trashed
    /// folder), in the order they were trashed unless `sort` (`name`, `date`, `size`) says otherwise.
    func trashedItems(for principal: Principal, sort: String?, descending: Bool) -> [ItemRecord] {
        purgeExpiredTrash()
        var trashed = items.values.filter { item in
            guard item.isTrashed, item.ownerId == principal.userId else { return false }
            if let restriction = principal.restrictedTo { return lineage(of: item.ref).contains(restriction) }
            return true
        }
        switch sort {
        case "name": trashed.sort { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
        case "size": trashed.sort { (size(of: $0), $0.id) < (size(of: $1), $1.id) }
        default: trashed.sort { ($0.trashedAt ?? .distantPast, $0.id) < ($1.trashedAt ?? .distantPast, $1.id) }
        }
        return descending ? trashed.reversed() : trashed
    }

    /// An item that was moved to the trash itself, once the principal may see it (or, with
    /// `write`, restore or purge it). Anything else, including the contents of a trashed
    /// folder, is not found, as in Box.
    func trashedItem(_ ref: ItemRef, for principal: Principal, to action: ItemAction = .view) throws -> ItemRecord {
        purgeExpiredTrash()
        guard let item = items[ref], item.isTrashed else { throw ServerErrorResponse.notFound(ref.type.rawValue) }
        try authorize(principal, ref, action)
        return item
    }

    /// Takes an item out of the trash into the folder it was in, or `parentApiId`, under its
    /// name or `name`. Every check comes first: an item that cannot be restored stays in the trash.
    func restoreItem(_ ref: ItemRef, name: String?, parentApiId: String?, principal: Principal) throws -> ItemRecord {
        var item = try trashedItem(ref, for: principal, to: .restore)
        let parentId: String
        if let parentApiId {
            parentId = try folder(parentApiId, for: principal, to: .upload).id
        } else {
            guard let original = item.parentId, items[.folder(original)] != nil, !isInTrash(.folder(original)) else {
                throw ServerErrorResponse(
                    .notFound, code: "not_found",
                    message: "The folder the \(ref.type.rawValue) was in is gone or in the trash; restore it into another folder with parent.id")
            }
            try authorize(principal, .folder(original), .upload)
            parentId = original
        }
        let newName = name ?? item.name
        if name != nil { try validateName(newName) }
        try ensureNameFree(newName, in: parentId, except: ref)
        item.trashedAt = nil
        item.name = newName
        item.parentId = parentId
        item.etag += 1
        item.sequenceId += 1
        item.modifiedAt = currentTime
        item.modifiedBy = principal.userId
        items[ref] = item
        touch(folderId: parentId, by: principal.userId)
        recordEvent("ITEM_UNDELETE_VIA_TRASH", by: principal.userId, source: ref)
        return item
    }

    /// Deletes for good what has been in the trash for Box's 30 days (``ItemRecord/purgeDate``),
    /// except what a legal hold or a retention keeps, which stays until it is released. Runs
    /// when the server clock moves and before the trash is read, so a trashed item is never
    /// seen past its purge date.
    func purgeExpiredTrash() {
        let now = currentTime
        let due = items.values.filter { item in
            guard let purgeDate = item.purgeDate, purgeDate <= now else { return false }
            // Only what was trashed itself: the contents of a trashed folder go with it.
            return item.parentId.map { !isInTrash(.folder($0)) } ?? true
        }
        for item in due.sorted(by: { $0.id < $1.id }) where items[item.ref] != nil {
            guard (try? refusePermanentDeletion(of: item.ref)) != nil else { continue }
            purge(item)
        }
    }

    /// Deletes a trashed item for good; it can no longer be restored.
    ///
    /// The event is recorded while the item is still there, so it reaches everyone who could
    /// see the item and the webhooks on the folders it was in.
    func purgeTrashedItem(_ ref: ItemRef, principal: Principal) throws {
        let item = try trashedItem(ref, for: principal, to: .delete)
        try refusePermanentDeletion(of: ref)
        recordEvent(EventTypes.purge, by: principal.userId, source: ref)
        purge(item)
    }
}
