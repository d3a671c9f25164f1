import BoxLikeJSON
import Hummingbird

/// `/2.0/hub_collaborations...` (Box API 2025.0): who may view, edit or co-own a hub.
struct HubCollaborationsRoutes: ServerArea, HubCollaborationsOperations {

    let services: ServerServices
    func getHubCollaborationsV2025R0(_ input: OperationInput) async throws -> Response {
        let hubId = try input.request.requiredQuery("hub_id")
        let collaborations = try await state.hubCollaborations(hubId: hubId, principal: input.principal)
        let paging = try Paging(query: input.query, allowMarker: true, forceMarker: true)
        return Responses.json(paging.page(collaborations, render: HubCollaborationRepresentation.collaboration))
    }

    func createHubCollaborationV2025R0(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let hubId = try body.required("hub.id", as: String.self)
        let grantee = body["accessible_by"]
        let created = try await state.createHubCollaboration(
            hubId: hubId, granteeType: grantee?["type"]?.stringValue ?? "", granteeId: grantee?.idMember,
            login: grantee?["login"]?.stringValue, role: body["role"]?.stringValue ?? "", principal: input.principal)
        return Responses.json(HubCollaborationRepresentation.collaboration(created), status: .created)
    }

    func getHubCollaborationByIdV2025R0(_ input: OperationInput) async throws -> Response {
        let found = try await state.hubCollaborationById(try input.path("hub_collaboration_id"), principal: input.principal)
        return Responses.json(HubCollaborationRepresentation.collaboration(found))
    }

    func updateHubCollaborationByIdV2025R0(_ input: OperationInput) async throws -> Response {
        let updated = try await state.updateHubCollaboration(
            try input.path("hub_collaboration_id"), role: try await input.json()["role"]?.stringValue,
            principal: input.principal)
        return Responses.json(HubCollaborationRepresentation.collaboration(updated))
    }

    func deleteHubCollaborationByIdV2025R0(_ input: OperationInput) async throws -> Response {
        try await state.deleteHubCollaboration(try input.path("hub_collaboration_id"), principal: input.principal)
        return Responses.empty()
    }
}
