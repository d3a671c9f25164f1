import Foundation

extension ServerState {
    /// Deletes any kind of item the way Box does: it goes to the trash (`item_status:
    /// trashed`), a folder with everything in it, and only when empty unless `recursive`.
    /// What is in a trashed folder stays where it is but can no longer be reached; restoring
    /// the folder brings it back, purging the folder removes it.
    func deleteItem(_ ref: ItemRef, recursive: Bool, ifMatch: String?, principal: Principal) throws {
        var item = try item(ref, for: principal, to: .delete)
        if item.isRoot { throw ServerErrorResponse.forbidden("The root folder cannot be deleted") }
        try checkEtag(ifMatch, current: item.etag)
        try checkLock(item, principal: principal)
        try self[area: FolderLocksState.self].checkFolderLock(core: self, ref, operation: "delete")
        if item.type == .folder && !recursive && !children(of: item.id).isEmpty {
            throw ServerErrorResponse.badRequest("Folder is not empty", code: "folder_not_empty")
        }
        recordEvent("ITEM_TRASH", by: principal.userId, source: ref)
        item.trashedAt = currentTime
        item.etag += 1
        item.sequenceId += 1
        items[ref] = item
        touchParent(of: item, by: principal.userId)
    }

    /// Removes the item for good with everything in it, trashed or not, and what hangs off
    /// them (collaborations, metadata, a file's comments and tasks with their assignments,
    /// its place in favorites), so nothing of a purged item is left to read or to hold memory.
    func purge(_ item: ItemRecord) {
        if item.type == .folder {
            for child in items.children(of: item.id) { purge(child) }
        }
        removeItemData(item.ref)
        items[item.ref] = nil
        items.releaseSpareCapacity()
    }

    func removeItemData(_ item: ItemRef) {
        collaborations.removeAll(on: item)
        metadata[Self.metadataKey(item)] = nil
        if item.type == .file {
            self[area: CommentsState.self].comments = self[area: CommentsState.self].comments.filter { $0.value.fileId != item.id }
            let purgedTasks = Set(self[area: TasksState.self].tasks.values.filter { $0.fileId == item.id }.map(\.id))
            if !purgedTasks.isEmpty {
                self[area: TasksState.self].tasks = self[area: TasksState.self].tasks.filter { !purgedTasks.contains($0.key) }
                self[area: TasksState.self].taskAssignments = self[area: TasksState.self].taskAssignments.filter { !purgedTasks.contains($0.value.taskId) }
            }
        }
        for (user, refs) in self[area: CollectionsState.self].favorites where refs.contains(item) {
            self[area: CollectionsState.self].favorites[user] = refs.filter { $0 != item }
        }
    }
}

