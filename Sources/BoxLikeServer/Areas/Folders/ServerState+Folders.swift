import Foundation

extension ServerState {
    /// Creates a folder without checks; callers validate first.
    func makeFolder(name: String, parentId: String, actor: String, event: String = "ITEM_CREATE") -> ItemRecord {
        insertItem(name: name, parentId: parentId, actor: actor, payload: .folder, event: event)
    }

    /// Creates the root folder (`0` in the API) of a new user; returns its id.
    func makeRootFolder(for userId: String) -> String {
        let now = currentTime
        let root = ItemRecord(
            id: "root-\(userId)", name: "All Files", parentId: nil, ownerId: userId, createdBy: userId, modifiedBy: userId,
            createdAt: now, modifiedAt: now, payload: .folder)
        items[root.ref] = root
        return root.id
    }

    func createFolder(name: String, parentApiId: String, principal: Principal) throws -> ItemRecord {
        try validateName(name)
        let parent = try folder(parentApiId, for: principal, to: .createFolder)
        try ensureNameFree(name, in: parent.id)
        return makeFolder(name: name, parentId: parent.id, actor: principal.userId)
    }

    /// The children of a folder the principal can see, for listing.
    func listing(_ apiId: String, principal: Principal) throws -> [ItemRecord] {
        children(of: try folder(apiId, for: principal).id)
    }
}
