import BoxLikeJSON
import Hummingbird

/// `/2.0/hubs...` and `/2.0/enterprise_hubs` (Box API 2025.0): hubs, their copies and the
/// enterprise's list of them.
struct HubsRoutes: ServerArea, HubsOperations {
    let services: ServerServices

    func getHubsV2025R0(_ input: OperationInput) async throws -> Response {
        let query = input.query
        let hubs = try await state.hubs(
            for: input.principal, query: query["query"], scope: query["scope"] ?? "all", sort: query["sort"] ?? "relevance",
            direction: query["direction"])
        let paging = try Paging(query: query, allowMarker: true, forceMarker: true)
        return Responses.json(paging.page(hubs, render: HubRepresentation.hub))
    }

    func createHubV2025R0(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let created = try await state.createHub(
            title: body["title"]?.stringValue ?? "", description: body["description"]?.stringValue, principal: input.principal)
        return Responses.json(HubRepresentation.hub(created), status: .created)
    }

    func getEnterpriseHubsV2025R0(_ input: OperationInput) async throws -> Response {
        let query = input.query
        let hubs = try await state.enterpriseHubs(
            principal: input.principal, query: query["query"], sort: query["sort"] ?? "relevance", direction: query["direction"])
        let paging = try Paging(query: query, allowMarker: true, forceMarker: true)
        return Responses.json(paging.page(hubs, render: HubRepresentation.hub))
    }

    func getHubByIdV2025R0(_ input: OperationInput) async throws -> Response {
        Responses.json(HubRepresentation.hub(try await state.viewHub(try input.path("hub_id"), principal: input.principal)))
    }

    func updateHubByIdV2025R0(_ input: OperationInput) async throws -> Response {
        let updated = try await state.updateHub(
            try input.path("hub_id"), changes: try await input.json(), principal: input.principal)
        return Responses.json(HubRepresentation.hub(updated))
    }

    func deleteHubByIdV2025R0(_ input: OperationInput) async throws -> Response {
        try await state.deleteHub(try input.path("hub_id"), principal: input.principal)
        return Responses.empty()
    }

    func copyHubV2025R0(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let copy = try await state.copyHub(
            try input.path("hub_id"), title: body["title"]?.stringValue, description: body["description"]?.stringValue,
            includeItems: body["include_items"]?.boolValue ?? false, principal: input.principal)
        return Responses.json(HubRepresentation.hub(copy), status: .created)
    }
}
