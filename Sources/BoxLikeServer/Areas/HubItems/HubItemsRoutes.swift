import BoxLikeJSON
import Hummingbird

/// `GET /2.0/hub_items` and `POST /2.0/hubs/{hub_id}/manage_items` (Box API 2025.0).
struct HubItemsRoutes: ServerArea, HubItemsOperations {

    let services: ServerServices
    func getHubItemsV2025R0(_ input: OperationInput) async throws -> Response {
        let hubId = try input.request.requiredQuery("hub_id")
        let items = try await state.withArea(HubsState.self) { area, core in try area.hubItems(core: core, hubId: hubId, listBlockId: input.query["parent_id"], principal: input.principal) }
        let paging = try Paging(query: input.query, allowMarker: true, forceMarker: true)
        return Responses.json(paging.page(items, render: HubItemRepresentation.item))
    }

    func manageHubItemsV2025R0(_ input: OperationInput) async throws -> Response {
        let operations = try await input.json()["operations"]?.arrayValue ?? []
        let results = try await state.withArea(HubsState.self) { area, core in try area.manageHubItems(core: core,
            hubId: try input.path("hub_id"), operations: operations, principal: input.principal) }
        return Responses.json(HubItemRepresentation.operations(results), status: HTTPResponse.Status(code: 207, reasonPhrase: "Multi-Status"))
    }
}
