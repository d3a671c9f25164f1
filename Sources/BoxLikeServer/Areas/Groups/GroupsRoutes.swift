import BoxLikeJSON
import Hummingbird

/// `/2.0/groups...`, `/2.0/group_memberships...` and `GET /2.0/users/{id}/memberships`.
struct GroupsRoutes: ServerArea, GroupsOperations {
    let services: ServerServices

    func getGroups(_ input: OperationInput) async throws -> Response {
        let list = await state.groups(filter: input.query["filter_term"], principal: input.principal)
        let fields = FieldSelection(query: input.query)
        return Responses.json(try Paging(query: input.query).page(list, render: { GroupRepresentation.render($0, fields: fields) }))
    }

    func createGroup(_ input: OperationInput) async throws -> Response {
        let group = try await state.createGroup(Self.changes(try await input.json()), principal: input.principal)
        return Responses.json(GroupRepresentation.render(group, fields: FieldSelection(query: input.query)), status: .created)
    }

    func getGroupById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("group_id")
        let group = try await state.group(id, principal: input.principal)
        return Responses.json(GroupRepresentation.render(group, fields: FieldSelection(query: input.query)))
    }

    func updateGroupById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("group_id")
        let group = try await state.updateGroup(
            id, Self.changes(try await input.json()), principal: input.principal)
        return Responses.json(GroupRepresentation.render(group, fields: FieldSelection(query: input.query)))
    }

    func deleteGroupById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("group_id")
        try await state.deleteGroup(id, principal: input.principal)
        return Responses.empty()
    }

    static func changes(_ body: JSONValue) -> ServerState.GroupChanges {
        ServerState.GroupChanges(
            name: body["name"]?.stringValue, description: body["description"]?.stringValue,
            provenance: body["provenance"]?.stringValue, externalSyncIdentifier: body["external_sync_identifier"]?.stringValue,
            invitabilityLevel: body["invitability_level"]?.stringValue,
            memberViewabilityLevel: body["member_viewability_level"]?.stringValue)
    }
}

extension CollaborationsRoutes {
    func getGroupCollaborations(_ input: OperationInput) async throws -> Response {
        let list = try await state.collaborations(ofGroup: try input.path("group_id"), principal: input.principal)
        let views = await state.collaborationViews(list)
        return Responses.json(try Paging(query: input.query).page(views, render: CollaborationRepresentation.render))
    }
}
