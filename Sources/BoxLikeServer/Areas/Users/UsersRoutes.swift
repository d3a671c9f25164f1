import BoxLikeJSON
import Hummingbird

/// `/2.0/users...`
struct UsersRoutes: ServerArea, UsersOperations {
    let services: ServerServices

    func getUserMe(_ input: OperationInput) async throws -> Response {
        let view = try await state.userView(input.principal.userId)
        return Responses.json(UserRepresentation.render(view, fields: FieldSelection(query: input.query)))
    }

    func getUsers(_ input: OperationInput) async throws -> Response {
        let query = input.query
        let users = try await state.enterpriseUsers(
            filter: query["filter_term"], userType: query["user_type"], externalAppUserId: query["external_app_user_id"],
            principal: input.principal)
        let paging = try Paging(query: query, allowMarker: true)
        let fields = FieldSelection(query: query)
        let views = await state.userViews(users)
        return Responses.json(paging.page(views, render: { UserRepresentation.render($0, fields: fields) }))
    }

    func createUser(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        guard let name = body["name"]?.stringValue, !name.isEmpty else { throw ServerErrorResponse.badRequest("name is required") }
        let appUser = body["is_platform_access_only"]?.boolValue ?? false
        if !appUser && body["login"]?.stringValue == nil { throw ServerErrorResponse.badRequest("login is required for managed users") }
        let user = try await state.createUser(name: name, login: body["login"]?.stringValue, appUser: appUser,
                                              profile: body.objectValue ?? [:], principal: input.principal)
        return Responses.json(UserRepresentation.render(await state.userView(user), fields: FieldSelection(query: input.query)),
                              status: .created)
    }

    func getUserById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("user_id")
        let view = try await state.userView(id)
        let caller = try await state.user(input.principal.userId)
        guard id == input.principal.userId || AccessPolicy.isEnterpriseAdmin(caller) else { throw ServerErrorResponse.notFound("user") }
        return Responses.json(UserRepresentation.render(view, fields: FieldSelection(query: input.query)))
    }

    func updateUserById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("user_id")
        guard case .object(let changes) = try await input.json() else {
            throw ServerErrorResponse.badRequest("The body must be a JSON object")
        }
        let user = try await state.updateUser(id, changes: changes, principal: input.principal)
        return Responses.json(UserRepresentation.render(await state.userView(user), fields: FieldSelection(query: input.query)))
    }

    func deleteUserById(_ input: OperationInput) async throws -> Response {
        let tokens = services.tokens
        let id = try input.path("user_id")
        try await state.deleteUser(
            id, force: QueryFlag.isTrue(input.query["force"]), principal: input.principal)
        // A deleted user's tokens, codes and sign-in sessions die with them.
        await tokens.revokeTokens(ofUsers: [id])
        return Responses.empty()
    }
}
