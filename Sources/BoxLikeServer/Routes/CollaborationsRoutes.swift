import BoxLikeJSON
import Hummingbird

/// `/2.0/collaborations...` and the collaborations on an item, `GET /2.0/{files|folders}/{id}/collaborations`.
struct CollaborationsRoutes {
    let services: ServerServices
    /// The kinds whose collaborations can be listed.
    static let kinds: [ItemRoute] = [.folders, .files]

    func register(on router: BoxRouter) {
        let state = services.state
        for route in Self.kinds {
            router.get(route.path("/collaborations")) { request, context in
                let principal = try context.caller(requiring: Scope.read.union(Scope.share))
                let item = try await route.ref(in: context, for: principal, state: state)
                let list = try await state.collaborations(on: item, principal: principal)
                var rendered: [JSONValue] = []
                for collaboration in list { rendered.append(await state.renderCollaboration(collaboration)) }
                return Responses.json(try Paging(query: request.query).page(rendered, render: { $0 }))
            }
        }
        router.post("/2.0/collaborations") { request, context in
            let principal = try context.caller(requiring: Scope.share)
            let body = try await context.json(request)
            let item = try await ItemRoute.ref(fromBody: body["item"], member: "item", for: principal, state: state)
            guard let granteeType = body["accessible_by"]?["type"]?.stringValue else {
                throw ServerErrorResponse.badRequest("accessible_by.type is required")
            }
            guard let role = body["role"]?.stringValue else { throw ServerErrorResponse.badRequest("role is required") }
            let collaboration = try await state.createCollaboration(
                item: item, granteeType: granteeType, granteeId: body["accessible_by"]?.idMember,
                login: body["accessible_by"]?["login"]?.stringValue, role: role, principal: principal)
            return Responses.json(await state.renderCollaboration(collaboration), status: .created)
        }
        router.get("/2.0/collaborations/:collaboration_id") { _, context in
            let principal = try context.caller(requiring: Scope.read.union(Scope.share))
            let collaboration = try await state.collaboration(try context.pathParameter("collaboration_id"), principal: principal)
            return Responses.json(await state.renderCollaboration(collaboration))
        }
        router.put("/2.0/collaborations/:collaboration_id") { request, context in
            let principal = try context.caller(requiring: Scope.share)
            let body = try await context.json(request)
            let collaboration = try await state.updateCollaboration(
                try context.pathParameter("collaboration_id"), role: body["role"]?.stringValue,
                status: body["status"]?.stringValue, principal: principal)
            return Responses.json(await state.renderCollaboration(collaboration))
        }
        router.delete("/2.0/collaborations/:collaboration_id") { _, context in
            let principal = try context.caller(requiring: Scope.share)
            try await state.deleteCollaboration(try context.pathParameter("collaboration_id"), principal: principal)
            return Responses.empty()
        }
    }
}
