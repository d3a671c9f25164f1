import BoxLikeJSON
import Hummingbird

/// `GET /2.0/{files|folders}/{id}/app_item_associations`; an app item's shared link resolves
/// through `GET /2.0/shared_items` (``SharedLinksRoutes``).
struct AppItemAssociationsRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        for route in [ItemRoute.files, .folders] {
            routes.api.serve(route.pick(files: .getFileAppItemAssociations, folders: .getFolderAppItemAssociations)) { request, context, principal in
                let item = try await route.ref(in: context, for: principal, state: state)
                let views = try await state.appItemAssociations(
                    on: item, applicationType: request.query["application_type"], principal: principal)
                let query = request.query
                return Responses.json(try Paging(query: query, forceMarker: true).page(views, render: AppItemRepresentation.render))
            }
        }
    }
}
