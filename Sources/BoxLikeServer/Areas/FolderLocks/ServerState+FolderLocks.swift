import BoxLikeJSON
import Foundation

/// Locks that keep folders from being moved or deleted.
extension ServerState {
    // MARK: - Folder locks

    /// The folder, once the principal owns or co-owns it (locks are theirs to manage, as Box
    /// says).
    private func ownedFolder(_ apiId: String, principal: Principal) throws -> ItemRecord {
        let folder = try folder(apiId, for: principal, to: .manageSettings)
        guard !folder.isRoot else { throw ServerErrorResponse.badRequest("The root folder cannot be locked") }
        return folder
    }

    func folderLocks(on folderApiId: String, principal: Principal) throws -> [FolderLockView] {
        let folder = try ownedFolder(folderApiId, principal: principal)
        return self[area: FolderLocksState.self].locks.values.filter { $0.folderId == folder.id }.sorted { $0.id < $1.id }
            .map(folderLockView)
    }

    func lockFolder(_ folderApiId: String, move: Bool, delete: Bool, principal: Principal) throws -> FolderLockView {
        let folder = try ownedFolder(folderApiId, principal: principal)
        guard move || delete else { throw ServerErrorResponse.badRequest("a lock must prevent moving, deleting or both") }
        if self[area: FolderLocksState.self].locks.values.contains(where: { $0.folderId == folder.id }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The folder is already locked")
        }
        let lock = FolderLockRecord(
            id: newId(), folderId: folder.id, createdBy: principal.userId, createdAt: currentTime, lockMove: move, lockDelete: delete)
        self[area: FolderLocksState.self].locks[lock.id] = lock
        return folderLockView(lock)
    }

    func unlockFolder(_ lockId: String, principal: Principal) throws {
        guard let lock = self[area: FolderLocksState.self].locks[lockId] else { throw ServerErrorResponse.notFound("folder_lock") }
        guard may(principal, .manageSettings, .folder(lock.folderId)) else {
            guard may(principal, .view, .folder(lock.folderId)) else { throw ServerErrorResponse.notFound("folder_lock") }
            throw ServerErrorResponse.forbidden("Only the owner or a co-owner of a folder can manage its locks.")
        }
        self[area: FolderLocksState.self].locks[lockId] = nil
    }

    /// Refuses to move or delete a locked folder.
    func checkFolderLock(_ ref: ItemRef, operation: String) throws {
        guard ref.type == .folder else { return }
        for lock in self[area: FolderLocksState.self].locks.values where lock.folderId == ref.id {
            if (operation == "move" && lock.lockMove) || (operation == "delete" && lock.lockDelete) {
                throw ServerErrorResponse.forbidden("The folder is locked against being \(operation == "move" ? "moved" : "deleted").",
                                                    code: "folder_locked")
            }
        }
    }

    private func folderLockView(_ lock: FolderLockRecord) -> FolderLockView {
        FolderLockView(lock: lock, folder: mini(.folder(lock.folderId)), createdBy: userMini(lock.createdBy))
    }
}
