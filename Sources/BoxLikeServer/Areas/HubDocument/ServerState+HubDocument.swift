/// A hub's document: its pages, and the blocks of a page. Anyone who can see the hub reads them.
extension ServerState {
    func hubDocumentPages(hubId: String, principal: Principal) throws -> [HubPageRecord] {
        try self[area: HubsState.self].hub(core: self, hubId, for: principal).pages
    }

    func hubDocumentBlocks(hubId: String, pageId: String, principal: Principal) throws -> [HubBlockRecord] {
        let hub = try self[area: HubsState.self].hub(core: self, hubId, for: principal)
        guard hub.pages.contains(where: { $0.id == pageId }) else { throw ServerErrorResponse.notFound("page") }
        return hub.blocks.filter { $0.pageId == pageId }
    }
}
