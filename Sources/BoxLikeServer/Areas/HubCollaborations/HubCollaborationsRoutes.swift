import BoxLikeJSON
import Hummingbird

/// `/2.0/hub_collaborations...` (Box API 2025.0): who may view, edit or co-own a hub.
struct HubCollaborationsRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getHubCollaborationsV2025R0, { request, _, principal in
            let hubId = try request.requiredQuery("hub_id")
            let collaborations = try await state.hubCollaborations(hubId: hubId, principal: principal)
            let paging = try Paging(query: request.query, allowMarker: true, forceMarker: true)
            return Responses.json(paging.page(collaborations, render: HubCollaborationRepresentation.collaboration))
        })
        routes.api.serve(.createHubCollaborationV2025R0, { request, context, principal in
            let body = try await context.json(request)
            let hubId = try body.required("hub.id", as: String.self)
            let grantee = body["accessible_by"]
            let created = try await state.createHubCollaboration(
                hubId: hubId, granteeType: grantee?["type"]?.stringValue ?? "", granteeId: grantee?.idMember,
                login: grantee?["login"]?.stringValue, role: body["role"]?.stringValue ?? "", principal: principal)
            return Responses.json(HubCollaborationRepresentation.collaboration(created), status: .created)
        })
        routes.api.serve(.getHubCollaborationByIdV2025R0, { _, context, principal in
            let found = try await state.hubCollaborationById(try context.pathParameter("hub_collaboration_id"), principal: principal)
            return Responses.json(HubCollaborationRepresentation.collaboration(found))
        })
        routes.api.serve(.updateHubCollaborationByIdV2025R0, { request, context, principal in
            let updated = try await state.updateHubCollaboration(
                try context.pathParameter("hub_collaboration_id"), role: try await context.json(request)["role"]?.stringValue,
                principal: principal)
            return Responses.json(HubCollaborationRepresentation.collaboration(updated))
        })
        routes.api.serve(.deleteHubCollaborationByIdV2025R0, { _, context, principal in
            try await state.deleteHubCollaboration(try context.pathParameter("hub_collaboration_id"), principal: principal)
            return Responses.empty()
        })
    }
}
