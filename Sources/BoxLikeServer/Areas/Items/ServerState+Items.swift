import BoxLikeJSON
import Foundation

/// What every kind of item shares: lookup with permission checks, children, names, etags,
/// creation and sizes.
extension ServerState {
    // MARK: - Lookup

    /// The active item `ref` names, once the principal may do `action` to it (see it, by
    /// default). An item in the trash, itself or inside a trashed folder, is not found.
    func item(_ ref: ItemRef, for principal: Principal, to action: ItemAction = .view) throws -> ItemRecord {
        guard let item = items[ref], !isInTrash(ref) else { throw ServerErrorResponse.notFound(ref.type.rawValue) }
        try authorize(principal, ref, action)
        return item
    }

    /// An item as `GET /files/{id}` and `GET /web_links/{id}` read it: Box answers those for a
    /// file or web link in the trash too, with `item_status: "trashed"`; a folder only while it
    /// is active.
    func readableItem(_ ref: ItemRef, for principal: Principal) throws -> ItemRecord {
        guard ref.type != .folder, let item = items[ref], item.isTrashed else { return try self.item(ref, for: principal) }
        try authorize(principal, ref)
        return item
    }

    /// A folder by API id (`0` is the caller's root).
    func folder(_ apiId: String, for principal: Principal, to action: ItemAction = .view) throws -> ItemRecord {
        try item(itemRef(.folder, apiId: apiId, for: principal.userId), for: principal, to: action)
    }

    /// A file, once the principal may do `action` to it.
    func file(_ id: String, for principal: Principal, to action: ItemAction = .view) throws -> ItemRecord {
        try item(.file(id), for: principal, to: action)
    }

    /// Whether the item, or a folder above it, is in the trash.
    func isInTrash(_ ref: ItemRef) -> Bool {
        lineage(of: ref).contains { items[$0]?.isTrashed ?? false }
    }

    // MARK: - Children and names

    /// The active items in a folder: folders, then files, then web links, each kind by name.
    func children(of folderId: String) -> [ItemRecord] {
        // Each sort key is made once, not once per comparison.
        items.children(of: folderId).filter { !$0.isTrashed }
            .map { (key: ($0.type.listingRank, $0.name.lowercased(), $0.id), item: $0) }
            .sorted { $0.key < $1.key }
            .map(\.item)
    }

    /// Throws `409 item_name_in_use` when a sibling (other than `except`) already has `name`.
    func ensureNameFree(_ name: String, in folderId: String, except: ItemRef? = nil) throws {
        // An index lookup: a folder with thousands of children stays cheap to add to.
        if let child = items.named(name, in: folderId).first(where: { $0.ref != except }) {
            throw ServerErrorResponse.nameInUse(conflicting: [mini(child)])
        }
    }

    func validateName(_ name: String) throws {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || name == "." || name == ".." || name.contains("/") || name.contains("\\") || name.count > 255 {
            throw ServerErrorResponse.badRequest("Item name invalid", code: "item_name_invalid")
        }
    }

    /// Checks `If-Match` against the item's etag: `412` when the caller saw an older state.
    func checkEtag(_ ifMatch: String?, current etag: Int) throws {
        guard let ifMatch, ifMatch != "*" else { return }
        let wanted = ifMatch.trimmingCharacters(in: CharacterSet(charactersIn: "\" W/"))
        if wanted != String(etag) { throw ServerErrorResponse.preconditionFailed() }
    }

    // MARK: - Creation

    /// Adds a new item to `parentId`, owned by the parent's owner, without checks (callers
    /// validate first); bumps the parent and records `event`.
    func insertItem(name: String, description: String = "", parentId: String, actor: String, payload: ItemPayload, event: String,
                    details: JSONValue? = nil) -> ItemRecord {
        let now = currentTime
        let item = ItemRecord(
            id: newId(), name: name, description: description, parentId: parentId,
            ownerId: items[.folder(parentId)]?.ownerId ?? actor, createdBy: actor, modifiedBy: actor, createdAt: now,
            modifiedAt: now, payload: payload)
        items[item.ref] = item
        touch(folderId: parentId, by: actor)
        recordEvent(event, by: actor, source: item.ref, details: details)
        self[area: MetadataCascadePoliciesState.self].applyCascadePolicies(core: self, reaching: item.ref, by: actor)
        return item
    }

    /// Bumps a folder's modification time when its contents change.
    func touch(folderId: String, by actor: String) {
        guard items[.folder(folderId)] != nil else { return }
        items[.folder(folderId)]?.modifiedAt = currentTime
        items[.folder(folderId)]?.modifiedBy = actor
    }

    /// Bumps the folder holding `item` (a root folder has none).
    func touchParent(of item: ItemRecord, by actor: String) {
        if let parentId = item.parentId { touch(folderId: parentId, by: actor) }
    }

    // MARK: - Sizes

    /// Bytes in the item: a file's current version, everything in a folder, nothing for a web link.
    func size(of item: ItemRecord) -> Int {
        switch item.payload {
        case .file(let file): file.size
        case .folder: items.children(of: item.id).reduce(0) { $0 + ($1.isTrashed ? 0 : size(of: $1)) }
        case .webLink: 0
        }
    }
}
