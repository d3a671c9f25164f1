/// Every folder, file and web link of the server by reference, with each folder's children
/// indexed, so listing a folder, checking a name and deleting a subtree cost the size of the
/// folder rather than of the whole tree. Every write goes through the subscript, which keeps
/// the index in step.
struct ItemStore: Sendable {
    private var records: [ItemRef: ItemRecord] = [:]
    /// The items (trashed ones included) whose `parentId` is the key.
    private var childIndex: [String: Set<ItemRef>] = [:]

    /// The item, or `nil`; setting moves it between its old and new parent's children.
    subscript(ref: ItemRef) -> ItemRecord? {
        get { records[ref] }
        set {
            let oldParent = records[ref]?.parentId
            records[ref] = newValue
            let newParent = newValue?.parentId
            guard oldParent != newParent else { return }
            if let oldParent {
                childIndex[oldParent]?.remove(ref)
                if childIndex[oldParent]?.isEmpty == true { childIndex[oldParent] = nil }
            }
            if let newParent { childIndex[newParent, default: []].insert(ref) }
        }
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
