import BoxLikeJSON
import Hummingbird

/// `/2.0/integration_mappings/slack...` and `/2.0/integration_mappings/teams...`: one handler
/// per operation for both integrations.
struct IntegrationMappingsRoutes: ServerArea, IntegrationMappingsOperations {
    typealias Render = IntegrationMappingRepresentation
    typealias Integration = IntegrationMappingRecord.Integration

    let services: ServerServices

    func getSlackIntegrationMapping(_ input: OperationInput) async throws -> Response {
        try await list(.slack, input)
    }

    func getTeamsIntegrationMapping(_ input: OperationInput) async throws -> Response {
        try await list(.teams, input)
    }

    func createSlackIntegrationMapping(_ input: OperationInput) async throws -> Response {
        try await create(.slack, input)
    }

    func createTeamsIntegrationMapping(_ input: OperationInput) async throws -> Response {
        try await create(.teams, input)
    }

    func updateSlackIntegrationMappingById(_ input: OperationInput) async throws -> Response {
        try await update(.slack, id: try input.path("integration_mapping_id"), input)
    }

    func updateTeamsIntegrationMappingById(_ input: OperationInput) async throws -> Response {
        try await update(.teams, id: try input.path("integration_mapping_id"), input)
    }

    func deleteSlackIntegrationMappingById(_ input: OperationInput) async throws -> Response {
        try await state.withArea(IntegrationMappingsState.self) { area, core in try area.deleteIntegrationMapping(core: core, try input.path("integration_mapping_id"), .slack, principal: input.principal) }
        return Responses.empty()
    }

    func deleteTeamsIntegrationMappingById(_ input: OperationInput) async throws -> Response {
        try await state.withArea(IntegrationMappingsState.self) { area, core in try area.deleteIntegrationMapping(core: core, try input.path("integration_mapping_id"), .teams, principal: input.principal) }
        return Responses.empty()
    }

    private func list(_ integration: Integration, _ input: OperationInput) async throws -> Response {
        let query = input.query
        if let type = query["box_item_type"], type != "folder" { throw ServerErrorResponse.badRequest("box_item_type must be folder") }
        let mappings = try await state.withArea(IntegrationMappingsState.self) { area, core in try area.integrationMappings(core: core,
            integration, partnerType: query["partner_item_type"], partnerId: query["partner_item_id"],
            folderId: query["box_item_id"], principal: input.principal) }
        let entries = mappings.map { Render.mapping($0.mapping, folder: $0.folder, users: $0.users) }
        // Box pages Slack mappings by marker and lists Teams mappings whole.
        if integration == .teams { return Responses.json(["entries": .array(entries)]) }
        return Responses.json(try MarkerPage.of(entries, query: query))
    }

    private func create(_ integration: Integration, _ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let type = try body.required("partner_item.type", as: String.self)
        let partnerId = try body.required("partner_item.id", as: String.self)
        let folderId = try body.required("box_item.id", as: String.self)
        let partner = body["partner_item"] ?? .object([:])
        let item = IntegrationMappingPartner(
            type: type, id: partnerId, slackWorkspaceId: partner["slack_workspace_id"]?.stringValue,
            slackOrgId: partner["slack_org_id"]?.stringValue, tenantId: partner["tenant_id"]?.stringValue,
            teamId: partner["team_id"]?.stringValue)
        let created = try await state.withArea(IntegrationMappingsState.self) { area, core in try area.createIntegrationMapping(core: core,
            integration, partner: item, folderId: folderId,
            accessManagementDisabled: body["options"]?["is_access_management_disabled"]?.boolValue, principal: input.principal) }
        return Responses.json(Render.mapping(created.mapping, folder: created.folder, users: created.users), status: .created)
    }

    private func update(_ integration: Integration, id: String, _ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let updated = try await state.withArea(IntegrationMappingsState.self) { area, core in try area.updateIntegrationMapping(core: core,
            id, integration, folderId: body["box_item"]?.idMember,
            accessManagementDisabled: body["options"]?["is_access_management_disabled"]?.boolValue, principal: input.principal) }
        return Responses.json(Render.mapping(updated.mapping, folder: updated.folder, users: updated.users))
    }
}
