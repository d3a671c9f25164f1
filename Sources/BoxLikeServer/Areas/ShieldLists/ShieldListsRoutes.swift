import BoxLikeJSON
import Hummingbird

/// `/2.0/shield_lists...` (Box API 2025.0): the enterprise's lists of domains, email addresses,
/// IP ranges and countries, for its admins.
struct ShieldListsRoutes: ServerArea, ShieldListsOperations {
    let services: ServerServices

    func getShieldListsV2025R0(_ input: OperationInput) async throws -> Response {
        let lists = try await state.withArea(ShieldListsState.self) { area, core in try area.shieldLists(core: core, principal: input.principal) }
        return Responses.json(["entries": .array(lists.map(ShieldListRepresentation.mini))])
    }

    func createShieldListV2025R0(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let created = try await state.withArea(ShieldListsState.self) { area, core in try area.createShieldList(core: core,
            name: body["name"]?.stringValue ?? "", description: body["description"]?.stringValue,
            content: try ShieldListContentRules.content(from: body["content"]), principal: input.principal) }
        return Responses.json(ShieldListRepresentation.list(created))
    }

    func getShieldListByIdV2025R0(_ input: OperationInput) async throws -> Response {
        Responses.json(ShieldListRepresentation.list(try await state.withArea(ShieldListsState.self) { area, core in try area.shieldList(core: core, try input.path("shield_list_id"), principal: input.principal) }))
    }

    func updateShieldListByIdV2025R0(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let updated = try await state.withArea(ShieldListsState.self) { area, core in try area.updateShieldList(core: core,
            try input.path("shield_list_id"), name: body["name"]?.stringValue ?? "",
            description: body["description"]?.stringValue, content: try ShieldListContentRules.content(from: body["content"]),
            principal: input.principal) }
        return Responses.json(ShieldListRepresentation.list(updated))
    }

    func deleteShieldListByIdV2025R0(_ input: OperationInput) async throws -> Response {
        try await state.withArea(ShieldListsState.self) { area, core in try area.deleteShieldList(core: core, try input.path("shield_list_id"), principal: input.principal) }
        return Responses.empty()
    }
}
