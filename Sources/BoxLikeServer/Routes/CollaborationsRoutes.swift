import Hummingbird

/// `/2.0/collaborations...`
struct CollaborationsRoutes {
    let services: ServerServices

    func register(on router: BoxRouter) {
        let state = services.state
        router.post("/2.0/collaborations") { request, context in
            let principal = try context.caller(requiring: Scope.share)
            let body = try await context.json(request)
            guard let typeName = body["item"]?["type"]?.stringValue, let type = ItemType(rawValue: typeName),
                  let itemId = body["item"]?.idMember
            else { throw ServerErrorResponse.badRequest("item.type and item.id are required") }
            guard body["accessible_by"]?["type"]?.stringValue == "user" else {
                throw ServerErrorResponse.badRequest("only user collaborations are supported")
            }
            guard let role = body["role"]?.stringValue else { throw ServerErrorResponse.badRequest("role is required") }
            let internalId = type == .folder ? await state.internalFolderId(itemId, for: principal.userId) : itemId
            let collaboration = try await state.createCollaboration(
                item: ItemRef(type: type, id: internalId), userId: body["accessible_by"]?.idMember,
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
