import BoxLikeJSON
import Hummingbird

/// `/2.0/users...`
struct UsersRoutes: ServerArea {
    let services: ServerServices

    static func register(on routes: ServerRoutes) {
        UsersRoutes(services: routes.services).register(on: routes)
    }

    func register(on routes: ServerRoutes) {
        let state = services.state
        let tokens = services.tokens
        routes.api.serve(.getUserMe) { request, context, principal in
            let view = try await state.userView(principal.userId)
            return Responses.json(UserRepresentation.render(view, fields: FieldSelection(query: request.query)))
        }
        routes.api.resource(
            get: .init(.getUserById) { request, _, principal, id in
                let id = id
                let view = try await state.userView(id)
                let caller = try await state.user(principal.userId)
                guard id == principal.userId || AccessPolicy.isEnterpriseAdmin(caller) else { throw ServerErrorResponse.notFound("user") }
                return Responses.json(UserRepresentation.render(view, fields: FieldSelection(query: request.query)))
            },
            put: .init(.updateUserById) { request, context, principal, id in
                guard case .object(let changes) = try await context.json(request) else {
                    throw ServerErrorResponse.badRequest("The body must be a JSON object")
                }
                let user = try await state.updateUser(id, changes: changes, principal: principal)
                return Responses.json(UserRepresentation.render(await state.userView(user), fields: FieldSelection(query: request.query)))
            },
            delete: .init(.deleteUserById) { request, _, principal, id in
                try await state.deleteUser(
                    id, force: QueryFlag.isTrue(request.query["force"]), principal: principal)
                // A deleted user's tokens, codes and sign-in sessions die with them.
                await tokens.revokeTokens(ofUsers: [id])
                return Responses.empty()
            }
        )
        routes.api.serve(.getUsers) { request, context, principal in
            let query = request.query
            var users = try await state.enterpriseUsers(
                filter: query["filter_term"], externalAppUserId: query["external_app_user_id"], principal: principal)
            switch query["user_type"]?.lowercased() {
            case "managed": users = users.filter { $0.role == .user || $0.role == .admin || $0.role == .appUser }
            case "external": users = []
            default: break
            }
            let paging = try Paging(query: query, allowMarker: true)
            let fields = FieldSelection(query: query)
            let views = await state.userViews(users)
            return Responses.json(paging.page(views, render: { UserRepresentation.render($0, fields: fields) }))
        }
        routes.api.serve(.createUser) { request, context, principal in
            let body = try await context.json(request)
            guard let name = body["name"]?.stringValue, !name.isEmpty else { throw ServerErrorResponse.badRequest("name is required") }
            let appUser = body["is_platform_access_only"]?.boolValue ?? false
            if !appUser && body["login"]?.stringValue == nil { throw ServerErrorResponse.badRequest("login is required for managed users") }
            let user = try await state.createUser(name: name, login: body["login"]?.stringValue, appUser: appUser,
                                                  profile: body.objectValue ?? [:], principal: principal)
            return Responses.json(UserRepresentation.render(await state.userView(user), fields: FieldSelection(query: request.query)),
                                  status: .created)
        }
    }
}
