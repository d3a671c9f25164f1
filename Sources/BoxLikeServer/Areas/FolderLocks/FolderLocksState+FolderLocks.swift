import BoxLikeJSON
import Foundation

/// Locks that keep folders from being moved or deleted.
extension FolderLocksState {
    // MARK: - Folder locks

    /// The folder, once the principal owns or co-owns it (locks are theirs to manage, as Box
    /// says).
    private mutating func ownedFolder(core: isolated ServerState, _ apiId: String, principal: Principal) throws -> ItemRecord {
        let folder = try core.folder(apiId, for: principal, to: .manageSettings)
        guard !folder.isRoot else { throw ServerErrorResponse.badRequest("The root folder cannot be locked") }
        return folder
    }

    mutating func folderLocks(core: isolated ServerState, on folderApiId: String, principal: Principal) throws -> [FolderLockView] {
        let folder = try ownedFolder(core: core, folderApiId, principal: principal)
        return self.locks.values.filter { $0.folderId == folder.id }.sorted { $0.id < $1.id }
            .map { folderLockView(core: core, $0) }
    }

    mutating func lockFolder(core: isolated ServerState, _ folderApiId: String, move: Bool, delete: Bool, principal: Principal) throws -> FolderLockView {
        let folder = try ownedFolder(core: core, folderApiId, principal: principal)
        guard move || delete else { throw ServerErrorResponse.badRequest("a lock must prevent moving, deleting or both") }
        if self.locks.values.contains(where: { $0.folderId == folder.id }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The folder is already locked")
        }
        let lock = FolderLockRecord(
            id: core.newId(), folderId: folder.id, createdBy: principal.userId, createdAt: core.currentTime, lockMove: move, lockDelete: delete)
        self.locks[lock.id] = lock
        return folderLockView(core: core, lock)
    }

    mutating func unlockFolder(core: isolated ServerState, _ lockId: String, principal: Principal) throws {
        guard let lock = self.locks[lockId] else { throw ServerErrorResponse.notFound("folder_lock") }
        guard core.may(principal, .manageSettings, .folder(lock.folderId)) else {
            guard core.may(principal, .view, .folder(lock.folderId)) else { throw ServerErrorResponse.notFound("folder_lock") }
            throw ServerErrorResponse.forbidden("Only the owner or a co-owner of a folder can manage its locks.")
        }
        self.locks[lockId] = nil
    }

    /// Refuses to move or delete a locked folder.
    mutating func checkFolderLock(core: isolated ServerState, _ ref: ItemRef, operation: String) throws {
        guard ref.type == .folder else { return }
        for lock in self.locks.values where lock.folderId == ref.id {
            if (operation == "move" && lock.lockMove) || (operation == "delete" && lock.lockDelete) {
                throw ServerErrorResponse.forbidden("The folder is locked against being \(operation == "move" ? "moved" : "deleted").",
                                                    code: "folder_locked")
            }
        }
    }

    private mutating func folderLockView(core: isolated ServerState, _ lock: FolderLockRecord) -> FolderLockView {
        FolderLockView(lock: lock, folder: core.mini(.folder(lock.folderId)), createdBy: core.userMini(lock.createdBy))
    }
}
