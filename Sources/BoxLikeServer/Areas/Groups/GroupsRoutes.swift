import BoxLikeJSON
import Hummingbird

/// `/2.0/groups...`, `/2.0/group_memberships...` and `GET /2.0/users/{id}/memberships`.
struct GroupsRoutes: ServerArea {
    let services: ServerServices

    static func register(on routes: ServerRoutes) {
        GroupsRoutes(services: routes.services).register(on: routes)
    }

    func register(on routes: ServerRoutes) {
        let state = services.state
        routes.api.serve(.getGroups) { request, context, principal in
            let list = await state.groups(filter: request.query["filter_term"], principal: principal)
            let fields = FieldSelection(query: request.query)
            return Responses.json(try Paging(query: request.query).page(list, render: { GroupRepresentation.render($0, fields: fields) }))
        }
        routes.api.serve(.createGroup) { request, context, principal in
            let group = try await state.createGroup(Self.changes(try await context.json(request)), principal: principal)
            return Responses.json(GroupRepresentation.render(group, fields: FieldSelection(query: request.query)), status: .created)
        }
        routes.api.resource(
            get: .init(.getGroupById) { request, _, principal, id in
                let group = try await state.group(id, principal: principal)
                return Responses.json(GroupRepresentation.render(group, fields: FieldSelection(query: request.query)))
            },
            put: .init(.updateGroupById) { request, context, principal, id in
                let group = try await state.updateGroup(
                    id, Self.changes(try await context.json(request)), principal: principal)
                return Responses.json(GroupRepresentation.render(group, fields: FieldSelection(query: request.query)))
            },
            delete: .init(.deleteGroupById) { _, _, principal, id in
                try await state.deleteGroup(id, principal: principal)
                return Responses.empty()
            }
        )
        routes.api.serve(.getGroupCollaborations) { request, context, principal in
            let list = try await state.collaborations(ofGroup: try context.pathParameter("group_id"), principal: principal)
            let views = await state.collaborationViews(list)
            return Responses.json(try Paging(query: request.query).page(views, render: CollaborationRepresentation.render))
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
