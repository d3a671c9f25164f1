extension ServerState {
    /// Creates a web link without checks; callers validate first.
    func makeWebLink(url: String, name: String, description: String, parentId: String, actor: String) -> ItemRecord {
        insertItem(
            name: name, description: description, parentId: parentId, actor: actor, payload: .webLink(WebLinkPayload(url: url)),
            event: "ITEM_CREATE")
    }
}
