import BoxLikeJSON
import Hummingbird

/// `/2.0/hub_collaborations...` (Box API 2025.0): who may view, edit or co-own a hub.
struct HubCollaborationsRoutes: ServerArea, HubCollaborationsOperations {

    let services: ServerServices
    func getHubCollaborationsV2025R0(_ input: OperationInput) async throws -> Response {
        let hubId = try input.request.requiredQuery("hub_id")
        let collaborations = try await state.withArea(HubsState.self) { area, core in try area.hubCollaborations(core: core, hubId: hubId, principal: input.principal) }
        let paging = try Paging(query: input.query, allowMarker: true, forceMarker: true)
        return Responses.json(paging.page(collaborations, render: HubCollaborationRepresentation.collaboration))
    }

    func createHubCollaborationV2025R0(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let hubId = try body.required("hub.id", as: String.self)
        let grantee = body["accessible_by"]
        let created = try await state.withArea(HubsState.self) { area, core in try area.createHubCollaboration(core: core,
            hubId: hubId, granteeType: grantee?["type"]?.stringValue ?? "", granteeId: grantee?.idMember,
            login: grantee?["login"]?.stringValue, role: body["role"]?.stringValue ?? "", principal: input.principal) }
        return Responses.json(HubCollaborationRepresentation.collaboration(created), status: .created)
    }

    func getHubCollaborationByIdV2025R0(_ input: OperationInput) async throws -> Response {
        let found = try await state.withArea(HubsState.self) { area, core in try area.hubCollaborationById(core: core, try input.path("hub_collaboration_id"), principal: input.principal) }
        return Responses.json(HubCollaborationRepresentation.collaboration(found))
    }

    func updateHubCollaborationByIdV2025R0(_ input: OperationInput) async throws -> Response {
        let requestBody = try await input.json()
        let updated = try await state.withArea(HubsState.self) { area, core in try area.updateHubCollaboration(core: core,
            try input.path("hub_collaboration_id"), role: requestBody["role"]?.stringValue,
            principal: input.principal) }
        return Responses.json(HubCollaborationRepresentation.collaboration(updated))
    }

    func deleteHubCollaborationByIdV2025R0(_ input: OperationInput) async throws -> Response {
        try await state.withArea(HubsState.self) { area, core in try area.deleteHubCollaboration(core: core, try input.path("hub_collaboration_id"), principal: input.principal) }
        return Responses.empty()
    }
}
