import BoxLikeJSON
import Hummingbird

/// `/2.0/group_memberships...`, `GET /2.0/groups/{id}/memberships` and `GET /2.0/users/{id}/memberships`.
struct MembershipsRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getGroupMemberships) { request, context, principal in
            let list = try await state.members(ofGroup: try context.pathParameter("group_id"), principal: principal)
            return Responses.json(try Paging(query: request.query).page(list, render: { GroupMembershipRepresentation.render($0) }))
        }
        routes.api.serve(.getUserMemberships) { request, context, principal in
            let userId = try context.pathParameter("user_id")
            let list = try await state.memberships(ofUser: userId == "me" ? principal.userId : userId, principal: principal)
            return Responses.json(try Paging(query: request.query).page(list, render: { GroupMembershipRepresentation.render($0) }))
        }
        routes.api.serve(.createGroupMembership) { request, context, principal in
            let body = try await context.json(request)
            let userId = try body.required("user.id", as: String.self)
            let groupId = try body.required("group.id", as: String.self)
            let membership = try await state.addMember(
                userId: userId, groupId: groupId, role: body["role"]?.stringValue, principal: principal)
            return Responses.json(GroupMembershipRepresentation.render(membership, fields: FieldSelection(query: request.query)), status: .created)
        }
        routes.api.resource(
            get: .init(.getGroupMembershipById) { request, _, principal, id in
                let membership = try await state.membership(id, principal: principal)
                return Responses.json(GroupMembershipRepresentation.render(membership, fields: FieldSelection(query: request.query)))
            },
            put: .init(.updateGroupMembershipById) { request, context, principal, id in
                let body = try await context.json(request)
                let membership = try await state.updateMembership(
                    id, role: body["role"]?.stringValue, principal: principal)
                return Responses.json(GroupMembershipRepresentation.render(membership, fields: FieldSelection(query: request.query)))
            },
            delete: .init(.deleteGroupMembershipById) { _, _, principal, id in
                try await state.removeMembership(id, principal: principal)
                return Responses.empty()
            }
        )
    }
}
