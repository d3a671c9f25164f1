import Foundation
import BoxLikeJSON
import Hummingbird

/// `/2.0/collaborations...` and the collaborations on an item, `GET /2.0/{files|folders}/{id}/collaborations`.
struct CollaborationsRoutes: ServerArea, ListCollaborationsOperations, UserCollaborationsOperations {
    let services: ServerServices

    func getFileCollaborations(_ input: OperationInput) async throws -> Response {
        try await getCollaborations(.files, input)
    }

    func getFolderCollaborations(_ input: OperationInput) async throws -> Response {
        try await getCollaborations(.folders, input)
    }

    private func getCollaborations(_ route: ItemRoute, _ input: OperationInput) async throws -> Response {
        let item = try await route.ref(in: input.context, for: input.principal, state: state)
        let list = try await state.collaborations(on: item, principal: input.principal)
        let views = await state.collaborationViews(list)
        // Box pages an item's collaborations by marker only.
        let query = input.query
        return Responses.json(try Paging(query: query, forceMarker: true).page(views, render: CollaborationRepresentation.render))
    }

    func getCollaborations(_ input: OperationInput) async throws -> Response {
        guard input.query["status"] == "pending" else { throw ServerErrorResponse.badRequest("status must be pending") }
        let list = await state.pendingCollaborations(of: input.principal)
        let views = await state.collaborationViews(list)
        return Responses.json(try Paging(query: input.query).page(views, render: CollaborationRepresentation.render))
    }

    func createCollaboration(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let item = try await ItemRoute.ref(fromBody: body["item"], member: "item", for: input.principal, state: state)
        let granteeType = try body.required("accessible_by.type", as: String.self)
        let role = try body.required("role", as: String.self)
        let collaboration = try await state.createCollaboration(
            item: item, granteeType: granteeType, granteeId: body["accessible_by"]?.idMember,
            login: body["accessible_by"]?["login"]?.stringValue, role: role,
            expiresAt: try Self.expiry(in: body), principal: input.principal)
        return Responses.json(CollaborationRepresentation.render(await state.collaborationView(collaboration)), status: .created)
    }

    func getCollaborationById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("collaboration_id")
        let collaboration = try await state.collaboration(id, principal: input.principal)
        return Responses.json(CollaborationRepresentation.render(await state.collaborationView(collaboration)))
    }

    func updateCollaborationById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("collaboration_id")
        let body = try await input.json()
        let collaboration = try await state.updateCollaboration(
            id, role: body["role"]?.stringValue,
            status: body["status"]?.stringValue, expiresAt: try Self.expiry(in: body), principal: input.principal)
        guard let collaboration else { return Responses.empty() }
        return Responses.json(CollaborationRepresentation.render(await state.collaborationView(collaboration)))
    }

    func deleteCollaborationById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("collaboration_id")
        try await state.deleteCollaboration(id, principal: input.principal)
        return Responses.empty()
    }
}

extension CollaborationsRoutes {
    /// A collaboration's `expires_at`: absent leaves it as it is, `null` clears it.
    static func expiry(in body: JSONValue) throws -> Date?? {
        guard let value = body["expires_at"] else { return nil }
        if value.isNull { return .some(nil) }
        guard let text = value.stringValue, let date = Timestamp.parse(text) else {
            throw ServerErrorResponse.badRequest("expires_at must be a date-time")
        }
        return .some(date)
    }
}
