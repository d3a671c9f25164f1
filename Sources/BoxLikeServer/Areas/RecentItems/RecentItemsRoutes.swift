import BoxLikeJSON
import Hummingbird

/// `GET /2.0/recent_items`: what the caller worked with lately.
struct RecentItemsRoutes: ServerArea, RecentItemsOperations {

    let services: ServerServices
    func getRecentItems(_ input: OperationInput) async throws -> Response {
        let recent = await state.recentItems(principal: input.principal)
        let paging = try Paging(query: input.query, allowMarker: true)
        let fields = FieldSelection(query: input.query)
        var rendered: [JSONValue] = []
        let window = paging.window(count: recent.count)
        let entries = Array(recent[window])
        let itemFields = fields.requested == nil ? FieldSelection(requested: nil) : fields
        let views = await state.itemViews(entries.map(\.item), viewer: input.principal.userId, fields: itemFields)
        for (entry, view) in zip(entries, views) {
            let item = ItemRepresentation.render(view, fields: itemFields)
            rendered.append([
                "type": "recent_item", "item": item, "interaction_type": .string(entry.interaction),
                "interacted_at": Timestamp.json(entry.at), "interaction_shared_link": .null,
            ])
        }
        return Responses.json([
            "limit": .int(paging.limit), "entries": .array(rendered),
            "next_marker": window.upperBound < recent.count ? .string(Paging.marker(window.upperBound)) : .null,
        ])
    }
}
