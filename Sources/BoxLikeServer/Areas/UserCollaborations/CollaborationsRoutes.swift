import Foundation
import BoxLikeJSON
import Hummingbird

/// `/2.0/collaborations...` and the collaborations on an item, `GET /2.0/{files|folders}/{id}/collaborations`.
struct CollaborationsRoutes: ServerArea {
    let services: ServerServices

    static func register(on routes: ServerRoutes) {
        CollaborationsRoutes(services: routes.services).register(on: routes)
    }
    /// The kinds whose collaborations can be listed.
    static let kinds: [ItemRoute] = [.folders, .files]

    func register(on routes: ServerRoutes) {
        let state = services.state
        for route in Self.kinds {
            routes.api.serve(route.pick(files: .getFileCollaborations, folders: .getFolderCollaborations)) { request, context, principal in
                let item = try await route.ref(in: context, for: principal, state: state)
                let list = try await state.collaborations(on: item, principal: principal)
                let views = await state.collaborationViews(list)
                // Box pages an item's collaborations by marker only.
                let query = request.query
                return Responses.json(try Paging(query: query, forceMarker: true).page(views, render: CollaborationRepresentation.render))
            }
        }
        routes.api.serve(.getCollaborations) { request, _, principal in
            guard request.query["status"] == "pending" else { throw ServerErrorResponse.badRequest("status must be pending") }
            let list = await state.pendingCollaborations(of: principal)
            let views = await state.collaborationViews(list)
            return Responses.json(try Paging(query: request.query).page(views, render: CollaborationRepresentation.render))
        }
        routes.api.serve(.createCollaboration) { request, context, principal in
            let body = try await context.json(request)
            let item = try await ItemRoute.ref(fromBody: body["item"], member: "item", for: principal, state: state)
            let granteeType = try body.required("accessible_by.type", as: String.self)
            let role = try body.required("role", as: String.self)
            let collaboration = try await state.createCollaboration(
                item: item, granteeType: granteeType, granteeId: body["accessible_by"]?.idMember,
                login: body["accessible_by"]?["login"]?.stringValue, role: role,
                expiresAt: try Self.expiry(in: body), principal: principal)
            return Responses.json(CollaborationRepresentation.render(await state.collaborationView(collaboration)), status: .created)
        }
        routes.api.resource(
            get: .init(.getCollaborationById) { _, _, principal, id in
                let collaboration = try await state.collaboration(id, principal: principal)
                return Responses.json(CollaborationRepresentation.render(await state.collaborationView(collaboration)))
            },
            put: .init(.updateCollaborationById) { request, context, principal, id in
                let body = try await context.json(request)
                let collaboration = try await state.updateCollaboration(
                    id, role: body["role"]?.stringValue,
                    status: body["status"]?.stringValue, expiresAt: try Self.expiry(in: body), principal: principal)
                guard let collaboration else { return Responses.empty() }
                return Responses.json(CollaborationRepresentation.render(await state.collaborationView(collaboration)))
            },
            delete: .init(.deleteCollaborationById) { _, _, principal, id in
                try await state.deleteCollaboration(id, principal: principal)
                return Responses.empty()
            }
        )
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
