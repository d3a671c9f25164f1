import BoxLikeJSON
import Foundation

/// What items' JSON needs from the state, read in one actor call and rendered by `ItemRepresentation`.
extension ServerState {
    /// The item with what its JSON needs for `viewer`; `fields` lets costly members (a folder's
    /// children and size) be skipped when not asked for.
    func itemView(_ item: ItemRecord, viewer: String, fields: FieldSelection) -> ItemView {
        var pathCollection: [JSONValue] = []
        var current = item.parentId
        while let id = current, let folder = items[.folder(id)] {
            pathCollection.insert(ItemRepresentation.mini(folder), at: 0)
            current = folder.parentId
        }
        var view = ItemView(
            item: item, pathCollection: pathCollection, createdBy: item.isRoot ? .null : userMini(item.createdBy),
            modifiedBy: userMini(item.modifiedBy), ownedBy: userMini(item.ownerId),
            parent: item.parentId.flatMap { items[.folder($0)] }.map(ItemRepresentation.mini) ?? .null,
            origin: origin, access: ItemAccess.viewingOnly(item), hasCollaborations: false, isWatermarked: false,
            childCount: 0, children: [], folderSize: 0, lock: nil, uploaderName: "", dispositionAt: nil)
        switch item.payload {
        case .folder:
            view.access = access(of: viewer, to: item.ref) ?? sharedLinkAccess(to: item)
            // Listing children and summing sizes walk the tree, so skip them when not asked for.
            if fields.wants("item_collection", standard: ItemRepresentation.folderStandardKeys) {
                let entries = children(of: item.id)
                view.childCount = entries.count
                view.children = entries.prefix(100).map(ItemRepresentation.mini)
            }
            if fields.wants("size", standard: ItemRepresentation.folderStandardKeys) { view.folderSize = size(of: item) }
            view.hasCollaborations = hasCollaborations(item.ref)
            view.isWatermarked = isWatermarked(item.ref)
        case .file(let file):
            view.access = access(of: viewer, to: item.ref) ?? sharedLinkAccess(to: item)
            if let lock = file.lock, lock.isActive(at: currentTime) { view.lock = (lock, userMini(lock.createdBy)) }
            view.uploaderName = users[item.createdBy]?.name ?? ""
            view.dispositionAt = retentionDispositionDate(of: item)
            view.hasCollaborations = hasCollaborations(item.ref)
            view.isWatermarked = isWatermarked(item.ref)
        case .webLink:
            break
        }
        return view
    }

    /// The view of the item `ref` names, or `nil` when it does not exist.
    func itemView(_ ref: ItemRef, viewer: String, fields: FieldSelection) -> ItemView? {
        items[ref].map { itemView($0, viewer: viewer, fields: fields) }
    }

    /// The views of `items` for `viewer`, in order.
    func itemViews(_ items: [ItemRecord], viewer: String, fields: FieldSelection) -> [ItemView] {
        items.map { itemView($0, viewer: viewer, fields: fields) }
    }

    /// The mini variant, or just `type` and `id` for an item that no longer exists.
    func mini(_ ref: ItemRef) -> JSONValue {
        items[ref].map(ItemRepresentation.mini) ?? ItemRepresentation.missing(ref)
    }

    /// The mini variant of a record (pure: no visit to the state).
    nonisolated func mini(_ item: ItemRecord) -> JSONValue {
        ItemRepresentation.mini(item)
    }

    func hasCollaborations(_ item: ItemRef) -> Bool {
        collaborations.exist(on: item)
    }
}
