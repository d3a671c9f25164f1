import BoxLikeJSON
import Hummingbird

/// `/2.0/group_memberships...`, `GET /2.0/groups/{id}/memberships` and `GET /2.0/users/{id}/memberships`.
struct MembershipsRoutes: ServerArea, MembershipsOperations {
    let services: ServerServices

    func getGroupMemberships(_ input: OperationInput) async throws -> Response {
        let list = try await state.members(ofGroup: try input.path("group_id"), principal: input.principal)
        return Responses.json(try Paging(query: input.query).page(list, render: { GroupMembershipRepresentation.render($0) }))
    }

    func getUserMemberships(_ input: OperationInput) async throws -> Response {
        let userId = try input.path("user_id")
        let list = try await state.memberships(ofUser: userId == "me" ? input.principal.userId : userId, principal: input.principal)
        return Responses.json(try Paging(query: input.query).page(list, render: { GroupMembershipRepresentation.render($0) }))
    }

    func createGroupMembership(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let userId = try body.required("user.id", as: String.self)
        let groupId = try body.required("group.id", as: String.self)
        let permissions = try GroupMembershipRecord.configurablePermissions(in: body)
        let membership = try await state.addMember(
            userId: userId, groupId: groupId, role: body["role"]?.stringValue, permissions: permissions, principal: input.principal)
        return Responses.json(GroupMembershipRepresentation.render(membership, fields: FieldSelection(query: input.query)), status: .created)
    }

    func getGroupMembershipById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("group_membership_id")
        let membership = try await state.membership(id, principal: input.principal)
        return Responses.json(GroupMembershipRepresentation.render(membership, fields: FieldSelection(query: input.query)))
    }

    func updateGroupMembershipById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("group_membership_id")
        let body = try await input.json()
        let permissions = try GroupMembershipRecord.configurablePermissions(in: body)
        let membership = try await state.updateMembership(
            id, role: body["role"]?.stringValue, permissions: permissions, principal: input.principal)
        return Responses.json(GroupMembershipRepresentation.render(membership, fields: FieldSelection(query: input.query)))
    }

    func deleteGroupMembershipById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("group_membership_id")
        try await state.removeMembership(id, principal: input.principal)
        return Responses.empty()
    }
}
