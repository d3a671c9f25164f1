import BoxLikeJSON
import Foundation

/// An item of a hub as `GET /hub_items` lists it.
struct HubItemView: Sendable {
    var item: ItemRef
    var name: String
}

/// The result of one `manage_items` operation: the operation as sent, its status and why it failed.
struct HubItemOperationOutcome: Sendable {
    var operation: JSONValue
    var status: Int
    var error: String?
}

/// Hub items: files, folders and web links shown in a hub's item lists. Editors manage them,
/// and only with content they can read; a listing shows the caller only what they can read.
extension HubsState {
    /// The items of a hub (of one item list block with `listBlockId`) the caller can read.
    mutating func hubItems(core: isolated ServerState, hubId: String, listBlockId: String?, principal: Principal) throws -> [HubItemView] {
        let hub = try self.hub(core: core, hubId, for: principal)
        if let listBlockId, !hub.blocks.contains(where: { $0.id == listBlockId && $0.kind == "item_list" }) {
            throw ServerErrorResponse.notFound("item list block")
        }
        return hub.items.filter { listBlockId == nil || $0.listBlockId == listBlockId }.compactMap { placement in
            guard let found = try? core.item(placement.item, for: principal) else { return nil }
            return HubItemView(item: placement.item, name: found.name)
        }
    }

    /// Applies `add` and `remove` operations in order; each has its own result, as Box answers
    /// with `207 Multi-Status`.
    mutating func manageHubItems(core: isolated ServerState, hubId: String, operations: [JSONValue], principal: Principal) throws -> [HubItemOperationOutcome] {
        var hub = try self.hub(core: core, hubId, for: principal, needs: .editor)
        var results: [HubItemOperationOutcome] = []
        for operation in operations {
            let outcome = applyHubItemOperation(core: core, operation, to: &hub, principal: principal)
            results.append(HubItemOperationOutcome(operation: operation, status: outcome.status, error: outcome.error))
        }
        hub.updatedBy = principal.userId
        hub.updatedAt = core.currentTime
        self.hubs[hub.id] = hub
        return results
    }

    private mutating func applyHubItemOperation(core: isolated ServerState, _ operation: JSONValue, to hub: inout HubRecord,
                                       principal: Principal) -> (status: Int, error: String?) {
        guard let typeName = operation["item"]?["type"]?.stringValue, let type = ItemType(rawValue: typeName),
              let id = operation["item"]?.idMember
        else { return (400, "item must name a file, folder or web_link by id") }
        let ref = core.itemRef(type, apiId: id, for: principal.userId)
        let parentId = operation["parent_id"]?.stringValue
        if let parentId, !hub.blocks.contains(where: { $0.id == parentId && $0.kind == "item_list" }) {
            return (404, "parent_id does not name an item list block of this hub")
        }
        switch operation["action"]?.stringValue {
        case "add":
            guard let found = try? core.item(ref, for: principal) else { return (404, "Item not found") }
            guard !found.isRoot else { return (400, "The root folder cannot be added to a hub") }
            var listId = parentId
            if listId == nil { listId = firstItemList(core: core, of: &hub) }
            guard let listId else { return (404, "The hub has no item list") }
            let placement = HubItemPlacement(item: ref, listBlockId: listId)
            if !hub.items.contains(placement) { hub.items.append(placement) }
            return (200, nil)
        case "remove":
            let before = hub.items.count
            hub.items.removeAll { $0.item == ref && (parentId == nil || $0.listBlockId == parentId) }
            return before == hub.items.count ? (404, "Item is not in the hub") : (200, nil)
        default:
            return (400, "action must be add or remove")
        }
    }

    /// The first item list of the hub's document, made on its first page when there is none.
    private mutating func firstItemList(core: isolated ServerState, of hub: inout HubRecord) -> String? {
        if let list = hub.blocks.first(where: { $0.kind == "item_list" }) { return list.id }
        guard let page = hub.pages.first else { return nil }
        let block = HubBlockRecord(id: core.newId(), pageId: page.id, kind: "item_list")
        hub.blocks.append(block)
        return block.id
    }
}
