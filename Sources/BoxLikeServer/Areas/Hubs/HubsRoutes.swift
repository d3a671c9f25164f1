import BoxLikeJSON
import Hummingbird

/// `/2.0/hubs...` and `/2.0/enterprise_hubs` (Box API 2025.0): hubs, their copies and the
/// enterprise's list of them.
struct HubsRoutes: ServerArea, HubsOperations {
    let services: ServerServices

    func getHubsV2025R0(_ input: OperationInput) async throws -> Response {
        let query = input.query
        let hubs = try await state.withArea(HubsState.self) { area, core in try area.hubs(core: core,
            for: input.principal, query: query["query"], scope: query["scope"] ?? "all", sort: query["sort"] ?? "relevance",
            direction: query["direction"]) }
        let paging = try Paging(query: query, allowMarker: true, forceMarker: true)
        return Responses.json(paging.page(hubs, render: HubRepresentation.hub))
    }

    func createHubV2025R0(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let created = try await state.withArea(HubsState.self) { area, core in try area.createHub(core: core,
            title: body["title"]?.stringValue ?? "", description: body["description"]?.stringValue, principal: input.principal) }
        return Responses.json(HubRepresentation.hub(created), status: .created)
    }

    func getEnterpriseHubsV2025R0(_ input: OperationInput) async throws -> Response {
        let query = input.query
        let hubs = try await state.withArea(HubsState.self) { area, core in try area.enterpriseHubs(core: core,
            principal: input.principal, query: query["query"], sort: query["sort"] ?? "relevance", direction: query["direction"]) }
        let paging = try Paging(query: query, allowMarker: true, forceMarker: true)
        return Responses.json(paging.page(hubs, render: HubRepresentation.hub))
    }

    func getHubByIdV2025R0(_ input: OperationInput) async throws -> Response {
        Responses.json(HubRepresentation.hub(try await state.withArea(HubsState.self) { area, core in try area.viewHub(core: core, try input.path("hub_id"), principal: input.principal) }))
    }

    func updateHubByIdV2025R0(_ input: OperationInput) async throws -> Response {
        let requestBody = try await input.json()
        let updated = try await state.withArea(HubsState.self) { area, core in try area.updateHub(core: core,
            try input.path("hub_id"), changes: requestBody, principal: input.principal) }
        return Responses.json(HubRepresentation.hub(updated))
    }

    func deleteHubByIdV2025R0(_ input: OperationInput) async throws -> Response {
        try await state.withArea(HubsState.self) { area, core in try area.deleteHub(core: core, try input.path("hub_id"), principal: input.principal) }
        return Responses.empty()
    }

    func copyHubV2025R0(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let copy = try await state.withArea(HubsState.self) { area, core in try area.copyHub(core: core,
            try input.path("hub_id"), title: body["title"]?.stringValue, description: body["description"]?.stringValue,
            includeItems: body["include_items"]?.boolValue ?? false, principal: input.principal) }
        return Responses.json(HubRepresentation.hub(copy), status: .created)
    }
}
