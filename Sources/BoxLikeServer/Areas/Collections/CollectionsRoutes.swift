import BoxLikeJSON
import Hummingbird

/// `/2.0/collections...` and `GET /2.0/recent_items`.
struct CollectionsRoutes: ServerArea, CollectionsOperations {
    let services: ServerServices

    func getCollections(_ input: OperationInput) async throws -> Response {
        let favorites = await state.withArea(CollectionsState.self) { area, core in area.favoritesCollectionId(core: core, for: input.principal.userId) }
        return Responses.json(try Paging(query: input.query).page([favorites], render: CollectionRepresentation.favorites))
    }

    func getCollectionById(_ input: OperationInput) async throws -> Response {
        let id = try await state.withArea(CollectionsState.self) { area, core in try area.collection(core: core, try input.path("collection_id"), principal: input.principal) }
        return Responses.json(CollectionRepresentation.favorites(id: id))
    }

    func getCollectionItems(_ input: OperationInput) async throws -> Response {
        let list = try await state.withArea(CollectionsState.self) { area, core in try area.collectionItems(core: core, try input.path("collection_id"), principal: input.principal) }
        let paging = try Paging(query: input.query)
        let fields = FieldSelection(query: input.query)
        let window = Array(list[paging.window(count: list.count)])
        let rendered: [JSONValue] = fields.requested == nil
            ? window.map(ItemRepresentation.mini)
            : await state.itemViews(window, viewer: input.principal.userId, fields: fields).map { ItemRepresentation.render($0, fields: fields) }
        return Responses.json(paging.envelope(rendered, totalCount: list.count))
    }
}
