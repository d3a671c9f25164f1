/// Every folder, file and web link of the server by reference, with each folder's children
/// indexed, so listing a folder, checking a name and deleting a subtree cost the size of the
/// folder rather than of the whole tree. Every write goes through the subscript, which keeps
/// the index in step.
struct ItemStore: Sendable {
    private var records: [ItemRef: ItemRecord] = [:]
    /// The items (trashed ones included) whose `parentId` is the key.
    private var childIndex: [String: Set<ItemRef>] = [:]
    /// The items not trashed themselves, by parent and lower-cased name: what makes a name
    /// taken in a folder.
    private var nameIndex: [SiblingName: Set<ItemRef>] = [:]

    /// A name within a folder, compared without case as Box compares item names.
    private struct SiblingName: Hashable, Sendable {
        var parentId: String
        var name: String

        init?(_ item: ItemRecord?) {
            guard let item, let parentId = item.parentId, !item.isTrashed else { return nil }
            self.parentId = parentId
            self.name = item.name.lowercased()
        }

        init(parentId: String, name: String) {
            self.parentId = parentId
            self.name = name.lowercased()
        }
    }

    /// The item, or `nil`; setting moves it between its old and new parent's children and names.
    subscript(ref: ItemRef) -> ItemRecord? {
        get { records[ref] }
        set {
            let old = records[ref]
            records[ref] = newValue
            let oldName = SiblingName(old), newName = SiblingName(newValue)
            if oldName != newName {
                if let oldName { Self.remove(ref, from: &nameIndex, at: oldName) }
                if let newName { nameIndex[newName, default: []].insert(ref) }
            }
            let oldParent = old?.parentId, newParent = newValue?.parentId
            if oldParent != newParent {
                if let oldParent { Self.remove(ref, from: &childIndex, at: oldParent) }
                if let newParent { childIndex[newParent, default: []].insert(ref) }
            }
        }
    }

    private static func remove<Key: Hashable>(_ ref: ItemRef, from index: inout [Key: Set<ItemRef>], at key: Key) {
        index[key]?.remove(ref)
        if index[key]?.isEmpty == true { index[key] = nil }
    }

    /// The items directly in `folderId`, not trashed themselves, whose name is `name` without
    /// regard to case.
    func named(_ name: String, in folderId: String) -> [ItemRecord] {
        guard let refs = nameIndex[SiblingName(parentId: folderId, name: name)] else { return [] }
        return refs.compactMap { records[$0] }
    }

    /// Every item, in no particular order.
    var values: Dictionary<ItemRef, ItemRecord>.Values { records.values }
    /// Every item's reference, in no particular order.
    var keys: Dictionary<ItemRef, ItemRecord>.Keys { records.keys }
    /// How many items there are.
    var count: Int { records.count }
    /// How many items the storage holds room for.
    var capacity: Int { records.capacity }

    /// The items directly in `folderId`, trashed ones included, in no particular order.
    func children(of folderId: String) -> [ItemRecord] {
        guard let refs = childIndex[folderId] else { return [] }
        return refs.compactMap { records[$0] }
    }

    /// Removes every item `shouldRemove` picks.
    mutating func removeAll(where shouldRemove: (ItemRecord) -> Bool) {
        for item in records.values where shouldRemove(item) { self[item.ref] = nil }
        releaseSpareCapacity()
    }

    /// Gives back the storage of removed items once at most a quarter of it is in use.
    mutating func releaseSpareCapacity() {
        records.releaseSpareCapacity()
        childIndex.releaseSpareCapacity()
        nameIndex.releaseSpareCapacity()
    }
}

extension Dictionary {
    /// Gives back the storage of removed entries once at most a quarter of it is in use (a
    /// dictionary never shrinks by itself), so a server that deletes what it held returns to
    /// the memory it started with. Copying costs O(count), paid at most once per fourfold drop.
    mutating func releaseSpareCapacity() {
        guard capacity > 1_024, count < capacity / 4 else { return }
        var compact = Self(minimumCapacity: count)
        for (key, value) in self { compact[key] = value }
        self = compact
    }
}
