import Foundation

extension ServerState {
    /// Creates a folder without checks; callers validate first.
    func makeFolder(name: String, parentId: String, actor: String) -> FolderRecord {
        let now = Date()
        let owner = folders[parentId]?.ownerId ?? actor
        let folder = FolderRecord(
            id: newId(), name: name, parentId: parentId, ownerId: owner, createdBy: actor, modifiedBy: actor,
            createdAt: now, modifiedAt: now)
        folders[folder.id] = folder
        touch(folderId: parentId, by: actor)
        recordEvent("ITEM_CREATE", by: actor, source: ItemRef(type: .folder, id: folder.id))
        return folder
    }

    /// Bumps a folder's modification time when its contents change.
    func touch(folderId: String, by actor: String) {
        guard folders[folderId] != nil else { return }
        folders[folderId]?.modifiedAt = Date()
        folders[folderId]?.modifiedBy = actor
    }

    func createFolder(name: String, parentApiId: String, principal: Principal) throws -> FolderRecord {
        try validateName(name)
        let parent = try folder(parentApiId, for: principal, write: true)
        try ensureNameFree(name, in: parent.id)
        return makeFolder(name: name, parentId: parent.id, actor: principal.userId)
    }

    func updateFolder(_ apiId: String, _ update: ItemUpdate, principal: Principal) throws -> FolderRecord {
        var folder = try folder(apiId, for: principal)
        try checkEtag(update.ifMatch, current: folder.etag)
        let ref = ItemRef(type: .folder, id: folder.id)
        let placement = try placement(of: ref, name: folder.name, parentId: folder.parentId, update: update, principal: principal)
        folder.name = placement.name
        folder.parentId = placement.parentId
        var events = placement.events
        try applyCommonChanges(update, to: &folder, by: principal.userId, events: &events)
        folders[folder.id] = folder
        for event in events.isEmpty ? ["ITEM_MODIFY"] : events { recordEvent(event, by: principal.userId, source: ref) }
        return folder
    }

    func deleteFolder(_ apiId: String, recursive: Bool, ifMatch: String?, principal: Principal) throws {
        let folder = try folder(apiId, for: principal, write: true)
        if folder.isRoot { throw ServerErrorResponse.forbidden("The root folder cannot be deleted") }
        try checkEtag(ifMatch, current: folder.etag)
        if !recursive && !children(of: folder.id).isEmpty {
            throw ServerErrorResponse.badRequest("Folder is not empty", code: "folder_not_empty")
        }
        recordEvent("ITEM_TRASH", by: principal.userId, source: ItemRef(type: .folder, id: folder.id))
        removeTree(folder.id)
        if let parentId = folder.parentId { touch(folderId: parentId, by: principal.userId) }
    }

    private func removeTree(_ folderId: String) {
        for child in children(of: folderId) {
            switch child.type {
            case .folder: removeTree(child.id)
            case .file: removeItemData(child); files[child.id] = nil
            case .webLink: removeItemData(child); webLinks[child.id] = nil
            }
        }
        removeItemData(ItemRef(type: .folder, id: folderId))
        folders[folderId] = nil
    }

    func removeItemData(_ item: ItemRef) {
        collaborations = collaborations.filter { $0.value.item != item }
        metadata[Self.metadataKey(item)] = nil
    }

    func copyFolder(_ apiId: String, toParent parentApiId: String, name: String?, principal: Principal) throws -> FolderRecord {
        let source = try folder(apiId, for: principal)
        if source.isRoot { throw ServerErrorResponse.badRequest("The root folder cannot be copied") }
        let parent = try folder(parentApiId, for: principal, write: true)
        if isWithin(ItemRef(type: .folder, id: parent.id), folder: source.id) {
            throw ServerErrorResponse.badRequest("Cannot copy a folder into itself")
        }
        let newName = name ?? source.name
        try validateName(newName)
        try ensureNameFree(newName, in: parent.id)
        return copyTree(source, into: parent.id, name: newName, actor: principal.userId)
    }

    private func copyTree(_ source: FolderRecord, into parentId: String, name: String, actor: String) -> FolderRecord {
        var copy = makeFolder(name: name, parentId: parentId, actor: actor)
        copy.description = source.description
        copy.tags = source.tags
        folders[copy.id] = copy
        for child in children(of: source.id) {
            switch child.type {
            case .folder:
                if let folder = folders[child.id] { _ = copyTree(folder, into: copy.id, name: folder.name, actor: actor) }
            case .file:
                if let file = files[child.id] { _ = copyFileRecord(file, into: copy.id, name: file.name, actor: actor) }
            case .webLink:
                if let link = webLinks[child.id] {
                    _ = makeWebLink(url: link.url, name: link.name, description: link.description, parentId: copy.id, actor: actor)
                }
            }
        }
        return copy
    }

    func makeWebLink(url: String, name: String, description: String, parentId: String, actor: String) -> WebLinkRecord {
        let now = Date()
        let link = WebLinkRecord(
            id: newId(), name: name, url: url, description: description, parentId: parentId,
            ownerId: folders[parentId]?.ownerId ?? actor, createdBy: actor, modifiedBy: actor, createdAt: now, modifiedAt: now)
        webLinks[link.id] = link
        recordEvent("ITEM_CREATE", by: actor, source: ItemRef(type: .webLink, id: link.id))
        return link
    }

    /// The children of a folder the principal can see, for listing.
    func listing(_ apiId: String, principal: Principal) throws -> (FolderRecord, [ItemRef]) {
        let folder = try folder(apiId, for: principal)
        return (folder, children(of: folder.id))
    }
}
