import BoxLikeJSON
import Hummingbird

/// `/2.0/groups...`, `/2.0/group_memberships...` and `GET /2.0/users/{id}/memberships`.
struct GroupsRoutes {
    let services: ServerServices

    func register(on router: BoxRouter) {
        let state = services.state
        router.get("/2.0/groups") { request, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            let list = await state.groups(filter: request.query["filter_term"], principal: principal)
            let fields = FieldSelection(query: request.query)
            var rendered: [JSONValue] = []
            for group in list { rendered.append(await state.renderGroup(group, fields: fields)) }
            return Responses.json(try Paging(query: request.query).page(rendered, render: { $0 }))
        }
        router.post("/2.0/groups") { request, context in
            let principal = try context.caller(requiring: Scope.groups)
            let group = try await state.createGroup(Self.changes(try await context.json(request)), principal: principal)
            return Responses.json(await state.renderGroup(group, fields: FieldSelection(query: request.query)), status: .created)
        }
        router.get("/2.0/groups/:group_id") { request, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            let group = try await state.group(try context.pathParameter("group_id"), principal: principal)
            return Responses.json(await state.renderGroup(group, fields: FieldSelection(query: request.query)))
        }
        router.put("/2.0/groups/:group_id") { request, context in
            let principal = try context.caller(requiring: Scope.groups)
            let group = try await state.updateGroup(
                try context.pathParameter("group_id"), Self.changes(try await context.json(request)), principal: principal)
            return Responses.json(await state.renderGroup(group, fields: FieldSelection(query: request.query)))
        }
        router.delete("/2.0/groups/:group_id") { _, context in
            let principal = try context.caller(requiring: Scope.groups)
            try await state.deleteGroup(try context.pathParameter("group_id"), principal: principal)
            return Responses.empty()
        }
        router.get("/2.0/groups/:group_id/memberships") { request, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            let list = try await state.members(ofGroup: try context.pathParameter("group_id"), principal: principal)
            var rendered: [JSONValue] = []
            for membership in list { rendered.append(await state.renderMembership(membership)) }
            return Responses.json(try Paging(query: request.query).page(rendered, render: { $0 }))
        }
        router.get("/2.0/groups/:group_id/collaborations") { request, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            let list = try await state.collaborations(ofGroup: try context.pathParameter("group_id"), principal: principal)
            var rendered: [JSONValue] = []
            for collaboration in list { rendered.append(await state.renderCollaboration(collaboration)) }
            return Responses.json(try Paging(query: request.query).page(rendered, render: { $0 }))
        }
        router.get("/2.0/users/:user_id/memberships") { request, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            let userId = try context.pathParameter("user_id")
            let list = try await state.memberships(ofUser: userId == "me" ? principal.userId : userId, principal: principal)
            var rendered: [JSONValue] = []
            for membership in list { rendered.append(await state.renderMembership(membership)) }
            return Responses.json(try Paging(query: request.query).page(rendered, render: { $0 }))
        }
        router.post("/2.0/group_memberships") { request, context in
            let principal = try context.caller(requiring: Scope.groups)
            let body = try await context.json(request)
            guard let userId = body["user"]?.idMember, let groupId = body["group"]?.idMember else {
                throw ServerErrorResponse.badRequest("user.id and group.id are required")
            }
            let membership = try await state.addMember(
                userId: userId, groupId: groupId, role: body["role"]?.stringValue, principal: principal)
            return Responses.json(await state.renderMembership(membership, fields: FieldSelection(query: request.query)), status: .created)
        }
        router.get("/2.0/group_memberships/:group_membership_id") { request, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            let membership = try await state.membership(try context.pathParameter("group_membership_id"), principal: principal)
            return Responses.json(await state.renderMembership(membership, fields: FieldSelection(query: request.query)))
        }
        router.put("/2.0/group_memberships/:group_membership_id") { request, context in
            let principal = try context.caller(requiring: Scope.groups)
            let body = try await context.json(request)
            let membership = try await state.updateMembership(
                try context.pathParameter("group_membership_id"), role: body["role"]?.stringValue, principal: principal)
            return Responses.json(await state.renderMembership(membership, fields: FieldSelection(query: request.query)))
        }
        router.delete("/2.0/group_memberships/:group_membership_id") { _, context in
            let principal = try context.caller(requiring: Scope.groups)
            try await state.removeMembership(try context.pathParameter("group_membership_id"), principal: principal)
            return Responses.empty()
        }
    }

    static func changes(_ body: JSONValue) -> ServerState.GroupChanges {
        ServerState.GroupChanges(
            name: body["name"]?.stringValue, description: body["description"]?.stringValue,
            provenance: body["provenance"]?.stringValue, externalSyncIdentifier: body["external_sync_identifier"]?.stringValue,
            invitabilityLevel: body["invitability_level"]?.stringValue,
            memberViewabilityLevel: body["member_viewability_level"]?.stringValue)
    }
}
