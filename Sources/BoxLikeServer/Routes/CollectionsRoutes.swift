import BoxLikeJSON
import Hummingbird

/// `/2.0/collections...` and `GET /2.0/recent_items`.
struct CollectionsRoutes {
    let services: ServerServices

    func register(on router: BoxRouter) {
        let state = services.state
        router.get("/2.0/collections") { request, context in
            let principal = try context.caller(requiring: Scope.read)
            let favorites = try await state.collection(await state.favoritesCollectionId(for: principal.userId), principal: principal)
            return Responses.json(try Paging(query: request.query).page([favorites], render: { $0 }))
        }
        router.get("/2.0/collections/:collection_id") { _, context in
            let principal = try context.caller(requiring: Scope.read)
            return Responses.json(try await state.collection(try context.pathParameter("collection_id"), principal: principal))
        }
        router.get("/2.0/collections/:collection_id/items") { request, context in
            let principal = try context.caller(requiring: Scope.read)
            let list = try await state.collectionItems(try context.pathParameter("collection_id"), principal: principal)
            let paging = try Paging(query: request.query)
            let fields = FieldSelection(query: request.query)
            var rendered: [JSONValue] = []
            for item in list[paging.window(count: list.count)] {
                rendered.append(fields.requested == nil ? await state.mini(item) : await state.render(item, viewer: principal.userId, fields: fields))
            }
            return Responses.json(paging.envelope(rendered, totalCount: list.count))
        }
        router.get("/2.0/recent_items") { request, context in
            let principal = try context.caller(requiring: Scope.read)
            let recent = await state.recentItems(principal: principal)
            let paging = try Paging(query: request.query, allowMarker: true)
            let fields = FieldSelection(query: request.query)
            var rendered: [JSONValue] = []
            let window = paging.window(count: recent.count)
            for entry in recent[window] {
                let item = fields.requested == nil
                    ? await state.render(entry.item, viewer: principal.userId, fields: FieldSelection(requested: nil))
                    : await state.render(entry.item, viewer: principal.userId, fields: fields)
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
}
