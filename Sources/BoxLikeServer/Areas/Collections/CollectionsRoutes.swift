import BoxLikeJSON
import Hummingbird

/// `/2.0/collections...` and `GET /2.0/recent_items`.
struct CollectionsRoutes: ServerArea {
    let services: ServerServices

    static func register(on routes: ServerRoutes) {
        CollectionsRoutes(services: routes.services).register(on: routes)
    }

    func register(on routes: ServerRoutes) {
        let state = services.state
        routes.api.serve(.getCollections) { request, context, principal in
            let favorites = await state.favoritesCollectionId(for: principal.userId)
            return Responses.json(try Paging(query: request.query).page([favorites], render: CollectionRepresentation.favorites))
        }
        routes.api.serve(.getCollectionById) { _, context, principal in
            let id = try await state.collection(try context.pathParameter("collection_id"), principal: principal)
            return Responses.json(CollectionRepresentation.favorites(id: id))
        }
        routes.api.serve(.getCollectionItems) { request, context, principal in
            let list = try await state.collectionItems(try context.pathParameter("collection_id"), principal: principal)
            let paging = try Paging(query: request.query)
            let fields = FieldSelection(query: request.query)
            let window = Array(list[paging.window(count: list.count)])
            let rendered: [JSONValue] = fields.requested == nil
                ? window.map(ItemRepresentation.mini)
                : await state.itemViews(window, viewer: principal.userId, fields: fields).map { ItemRepresentation.render($0, fields: fields) }
            return Responses.json(paging.envelope(rendered, totalCount: list.count))
        }
    }
}
