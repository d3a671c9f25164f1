extension ServerState {
    /// Deletes any kind of item; a folder goes with everything in it, and only when empty
    /// unless `recursive`. There is no trash yet, so the item is gone for good, but the event
    /// is `ITEM_TRASH` as in Box.
    func deleteItem(_ ref: ItemRef, recursive: Bool, ifMatch: String?, principal: Principal) throws {
        let item = try item(ref, for: principal, write: true)
        if item.isRoot { throw ServerErrorResponse.forbidden("The root folder cannot be deleted") }
        try checkEtag(ifMatch, current: item.etag)
        try checkLock(item, principal: principal)
        if item.type == .folder && !recursive && !children(of: item.id).isEmpty {
            throw ServerErrorResponse.badRequest("Folder is not empty", code: "folder_not_empty")
        }
        recordEvent("ITEM_TRASH", by: principal.userId, source: ref)
        remove(item)
        touchParent(of: item, by: principal.userId)
    }

    /// Removes the item, what is in it, and what hangs off them (collaborations, metadata).
    private func remove(_ item: ItemRecord) {
        if item.type == .folder {
            for child in children(of: item.id) { remove(child) }
        }
        removeItemData(item.ref)
        items[item.ref] = nil
    }

    func removeItemData(_ item: ItemRef) {
        collaborations = collaborations.filter { $0.value.item != item }
        metadata[Self.metadataKey(item)] = nil
    }
}
