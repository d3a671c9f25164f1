import BoxLikeJSON
import Hummingbird

/// `GET /2.0/hub_items` and `POST /2.0/hubs/{hub_id}/manage_items` (Box API 2025.0).
struct HubItemsRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getHubItemsV2025R0, { request, _, principal in
            let hubId = try request.requiredQuery("hub_id")
            let items = try await state.hubItems(hubId: hubId, listBlockId: request.query["parent_id"], principal: principal)
            let paging = try Paging(query: request.query, allowMarker: true, forceMarker: true)
            return Responses.json(paging.page(items, render: HubItemRepresentation.item))
        })
        routes.api.serve(.manageHubItemsV2025R0, { request, context, principal in
            let operations = try await context.json(request)["operations"]?.arrayValue ?? []
            let results = try await state.manageHubItems(
                hubId: try context.pathParameter("hub_id"), operations: operations, principal: principal)
            return Responses.json(HubItemRepresentation.operations(results), status: HTTPResponse.Status(code: 207, reasonPhrase: "Multi-Status"))
        })
    }
}
