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
            view.dispositionAt = self[area: RetentionState.self].retentionDispositionDate(core: self, of: item)
            view.hasCollaborations = hasCollaborations(item.ref)
            view.isWatermarked = isWatermarked(item.ref)
        case .webLink:
            break
        }
        if item.type != .webLink {
            let standard = ItemRepresentation.standardKeys(for: item.type)
            if fields.wants("classification", standard: standard) { view.classification = classification(of: item.ref) }
            if fields.wants("is_associated_with_app_item", standard: standard) {
                view.isAssociatedWithAppItem = self[area: AppItemsState.self].associations.values.contains { $0.item == item.ref }
            }
        }
        return view
    }

    /// The item's security classification as files and folders show it: the label's name, and
    /// the definition and color the classification template gives it; `null` when unclassified.
    func classification(of item: ItemRef) -> JSONValue {
        let instanceKey = "\(templateScope("enterprise"))/\(ServerState.classificationTemplateKey)"
        guard let name = metadata[Self.metadataKey(item)]?[instanceKey]?[ServerState.classificationFieldKey]?.stringValue else { return .null }
        let option = (try? metadataTemplate(scope: "enterprise", key: ServerState.classificationTemplateKey))?
            .fields.first { $0.key == ServerState.classificationFieldKey }?.options.first { $0.key == name }
        let configuration = option?.staticConfig?["classification"]
        return [
            "name": .string(name),
            "definition": .string(configuration?["classificationDefinition"]?.stringValue ?? ""),
            "color": .string(ClassificationColors.hex(colorID: configuration?["colorID"]?.intValue)),
        ]
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

/// The colors of classification labels by the `colorID` a classification's `staticConfig`
/// gives. Box's documentation names no mapping; these eight are the local Box's choice.
enum ClassificationColors {
    static let palette = ["#FFD700", "#FF8C1A", "#ED3757", "#F279B0", "#8159D4", "#2486FC", "#26C281", "#909090"]

    /// The hex code of a color id; an id outside the palette (or none) is gray.
    static func hex(colorID: Int?) -> String {
        guard let colorID, palette.indices.contains(colorID) else { return "#909090" }
        return palette[colorID]
    }
}
