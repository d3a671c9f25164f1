import BoxLikeJSON
import Hummingbird

/// `GET /2.0/{files|folders}/{id}/app_item_associations`; an app item's shared link resolves
/// through `GET /2.0/shared_items` (``SharedLinksRoutes``).
struct AppItemAssociationsRoutes: ServerArea, AppItemAssociationsOperations {
    let services: ServerServices

    func getFileAppItemAssociations(_ input: OperationInput) async throws -> Response {
        try await getAppItemAssociations(.files, input)
    }

    func getFolderAppItemAssociations(_ input: OperationInput) async throws -> Response {
        try await getAppItemAssociations(.folders, input)
    }

    private func getAppItemAssociations(_ route: ItemRoute, _ input: OperationInput) async throws -> Response {
        let item = try await route.ref(in: input.context, for: input.principal, state: state)
        let views = try await state.withArea(AppItemsState.self) { area, core in try area.appItemAssociations(core: core,
            on: item, applicationType: input.query["application_type"], principal: input.principal) }
        let query = input.query
        return Responses.json(try Paging(query: query, forceMarker: true).page(views, render: AppItemRepresentation.render))
    }

}
