import BoxLikeJSON
import Hummingbird

/// `/2.0/integration_mappings/slack...` and `/2.0/integration_mappings/teams...`.
struct IntegrationMappingsRoutes: ServerArea {
    typealias Render = IntegrationMappingRepresentation

    static func register(on routes: ServerRoutes) {
        let state = routes.state
        for integration in [IntegrationMappingRecord.Integration.slack, .teams] {
            let slack = integration == .slack
            routes.api.serve(slack ? .getSlackIntegrationMapping : .getTeamsIntegrationMapping) { request, _, principal in
                let query = request.query
                if let type = query["box_item_type"], type != "folder" { throw ServerErrorResponse.badRequest("box_item_type must be folder") }
                let mappings = try await state.integrationMappings(
                    integration, partnerType: query["partner_item_type"], partnerId: query["partner_item_id"],
                    folderId: query["box_item_id"], principal: principal)
                let entries = mappings.map { Render.mapping($0.mapping, folder: $0.folder, users: $0.users) }
                // Box pages Slack mappings by marker and lists Teams mappings whole.
                if integration == .teams { return Responses.json(["entries": .array(entries)]) }
                return Responses.json(try MarkerPage.of(entries, query: query))
            }
            routes.api.serve(slack ? .createSlackIntegrationMapping : .createTeamsIntegrationMapping) { request, context, principal in
                let body = try await context.json(request)
                let type = try body.required("partner_item.type", as: String.self)
                let partnerId = try body.required("partner_item.id", as: String.self)
                let folderId = try body.required("box_item.id", as: String.self)
                let partner = body["partner_item"] ?? .object([:])
                let item = IntegrationMappingPartner(
                    type: type, id: partnerId, slackWorkspaceId: partner["slack_workspace_id"]?.stringValue,
                    slackOrgId: partner["slack_org_id"]?.stringValue, tenantId: partner["tenant_id"]?.stringValue,
                    teamId: partner["team_id"]?.stringValue)
                let created = try await state.createIntegrationMapping(
                    integration, partner: item, folderId: folderId,
                    accessManagementDisabled: body["options"]?["is_access_management_disabled"]?.boolValue, principal: principal)
                return Responses.json(Render.mapping(created.mapping, folder: created.folder, users: created.users), status: .created)
            }
            routes.api.resource(
                put: .init(slack ? .updateSlackIntegrationMappingById : .updateTeamsIntegrationMappingById) { request, context, principal, id in
                    let body = try await context.json(request)
                    let updated = try await state.updateIntegrationMapping(
                        id, integration, folderId: body["box_item"]?.idMember,
                        accessManagementDisabled: body["options"]?["is_access_management_disabled"]?.boolValue, principal: principal)
                    return Responses.json(Render.mapping(updated.mapping, folder: updated.folder, users: updated.users))
                },
                delete: .init(slack ? .deleteSlackIntegrationMappingById : .deleteTeamsIntegrationMappingById) { _, _, principal, id in
                    try await state.deleteIntegrationMapping(id, integration, principal: principal)
                    return Responses.empty()
                })
        }
    }
}
