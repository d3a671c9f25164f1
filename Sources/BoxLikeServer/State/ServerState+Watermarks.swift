import BoxLikeJSON
import Foundation

/// Watermarks on files and folders (a folder's covers everything in it) and folder locks.
extension ServerState {
    /// Whether the item or a folder above it is watermarked.
    func isWatermarked(_ ref: ItemRef) -> Bool {
        lineage(of: ref).contains { items[$0]?.watermark != nil }
    }

    func watermark(of ref: ItemRef, principal: Principal) throws -> WatermarkRecord {
        guard let watermark = try item(ref, for: principal).watermark else {
            throw ServerErrorResponse(.notFound, code: "not_found", message: "The item has no watermark")
        }
        return watermark
    }

    /// Applies the watermark; returns it and whether it is new.
    func applyWatermark(to ref: ItemRef, principal: Principal) throws -> (WatermarkRecord, created: Bool) {
        var item = try item(ref, for: principal, write: true)
        let now = Date()
        if var existing = item.watermark {
            existing.modifiedAt = now
            item.watermark = existing
            items[ref] = item
            return (existing, false)
        }
        let watermark = WatermarkRecord(createdAt: now, modifiedAt: now)
        item.watermark = watermark
        items[ref] = item
        recordEvent("WATERMARK_LABEL_CREATE", by: principal.userId, source: ref)
        return (watermark, true)
    }

    func removeWatermark(from ref: ItemRef, principal: Principal) throws {
        var item = try item(ref, for: principal, write: true)
        guard item.watermark != nil else { throw ServerErrorResponse(.notFound, code: "not_found", message: "The item has no watermark") }
        item.watermark = nil
        items[ref] = item
        recordEvent("WATERMARK_LABEL_DELETE", by: principal.userId, source: ref)
    }

    func renderWatermark(_ watermark: WatermarkRecord) -> JSONValue {
        ["watermark": ["created_at": Timestamp.json(watermark.createdAt), "modified_at": Timestamp.json(watermark.modifiedAt)]]
    }

    // MARK: - Folder locks

    /// The folder, once the principal owns it (locks are the owner's).
    private func ownedFolder(_ apiId: String, principal: Principal) throws -> ItemRecord {
        let folder = try folder(apiId, for: principal)
        guard folder.ownerId == principal.userId else {
            throw ServerErrorResponse.forbidden("Only the owner of a folder can manage its locks.")
        }
        guard !folder.isRoot else { throw ServerErrorResponse.badRequest("The root folder cannot be locked") }
        return folder
    }

    func folderLocks(on folderApiId: String, principal: Principal) throws -> [FolderLockRecord] {
        let folder = try ownedFolder(folderApiId, principal: principal)
        return folderLocks.values.filter { $0.folderId == folder.id }.sorted { $0.id < $1.id }
    }

    func lockFolder(_ folderApiId: String, move: Bool, delete: Bool, principal: Principal) throws -> FolderLockRecord {
        let folder = try ownedFolder(folderApiId, principal: principal)
        guard move || delete else { throw ServerErrorResponse.badRequest("a lock must prevent moving, deleting or both") }
        if folderLocks.values.contains(where: { $0.folderId == folder.id }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The folder is already locked")
        }
        let lock = FolderLockRecord(
            id: newId(), folderId: folder.id, createdBy: principal.userId, createdAt: Date(), lockMove: move, lockDelete: delete)
        folderLocks[lock.id] = lock
        return lock
    }

    func unlockFolder(_ lockId: String, principal: Principal) throws {
        guard let lock = folderLocks[lockId] else { throw ServerErrorResponse.notFound("folder_lock") }
        guard items[.folder(lock.folderId)]?.ownerId == principal.userId else {
            guard (try? item(.folder(lock.folderId), for: principal)) != nil else { throw ServerErrorResponse.notFound("folder_lock") }
            throw ServerErrorResponse.forbidden("Only the owner of a folder can manage its locks.")
        }
        folderLocks[lockId] = nil
    }

    /// Refuses to move or delete a locked folder.
    func checkFolderLock(_ ref: ItemRef, operation: String) throws {
        guard ref.type == .folder else { return }
        for lock in folderLocks.values where lock.folderId == ref.id {
            if (operation == "move" && lock.lockMove) || (operation == "delete" && lock.lockDelete) {
                throw ServerErrorResponse.forbidden("The folder is locked against being \(operation == "move" ? "moved" : "deleted").",
                                                    code: "folder_locked")
            }
        }
    }

    func renderFolderLock(_ lock: FolderLockRecord) -> JSONValue {
        [
            "type": "folder_lock", "id": .string(lock.id), "folder": mini(.folder(lock.folderId)),
            "created_by": userMini(lock.createdBy), "created_at": Timestamp.json(lock.createdAt),
            "locked_operations": ["move": .bool(lock.lockMove), "delete": .bool(lock.lockDelete)], "lock_type": "freeze",
        ]
    }
}
