/// Every collaboration on a folder or file by id, indexed by the item it is on, so an access
/// check, an event's audience or an item's `has_collaborations` costs the collaborations on
/// that item and its folders rather than all of them. Every write goes through the
/// subscript, which keeps the index in step.
struct CollaborationStore: Sendable, Sequence {
    private var records: [String: CollaborationRecord] = [:]
    /// The ids of the collaborations on each item.
    private var byItem: [ItemRef: Set<String>] = [:]

    /// The collaboration, or `nil`; setting re-files it under its item.
    subscript(id: String) -> CollaborationRecord? {
        get { records[id] }
        set {
            let oldItem = records[id]?.item
            records[id] = newValue
            let newItem = newValue?.item
            guard oldItem != newItem else { return }
            if let oldItem {
                byItem[oldItem]?.remove(id)
                if byItem[oldItem]?.isEmpty == true { byItem[oldItem] = nil }
            }
            if let newItem { byItem[newItem, default: []].insert(id) }
        }
    }

    /// Every collaboration, in no particular order.
    var values: Dictionary<String, CollaborationRecord>.Values { records.values }

    /// The collaborations on `item` itself (not on the folders above it), in no particular order.
    func on(_ item: ItemRef) -> [CollaborationRecord] {
        guard let ids = byItem[item] else { return [] }
        return ids.compactMap { records[$0] }
    }

    /// Whether any collaboration is on `item` itself.
    func exist(on item: ItemRef) -> Bool { byItem[item] != nil }

    /// Removes every collaboration `shouldRemove` picks.
    mutating func removeAll(where shouldRemove: (CollaborationRecord) -> Bool) {
        for collaboration in records.values where shouldRemove(collaboration) { self[collaboration.id] = nil }
        records.releaseSpareCapacity()
        byItem.releaseSpareCapacity()
    }

    /// Removes the collaborations on `item`.
    mutating func removeAll(on item: ItemRef) {
        for id in byItem[item] ?? [] { self[id] = nil }
    }

    /// The collaborations by id, for `for (id, collaboration) in collaborations`.
    func makeIterator() -> Dictionary<String, CollaborationRecord>.Iterator { records.makeIterator() }
}
