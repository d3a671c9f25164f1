import BoxLikeJSON
import Hummingbird

/// `/2.0/users...`
struct UsersRoutes {
    let services: ServerServices

    func register(on router: BoxRouter) {
        let state = services.state
        router.get("/2.0/users/me") { request, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            let user = try await state.user(principal.userId)
            return Responses.json(await state.renderUser(user, fields: FieldSelection(query: request.query)))
        }
        router.get("/2.0/users/:user_id") { request, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            let id = try context.pathParameter("user_id")
            let user = try await state.user(id)
            let caller = try await state.user(principal.userId)
            guard id == principal.userId || caller.mayActAsOthers else { throw ServerErrorResponse.notFound("user") }
            return Responses.json(await state.renderUser(user, fields: FieldSelection(query: request.query)))
        }
        router.get("/2.0/users") { request, context in
            let principal = try context.caller(requiring: Scope.users.union(Scope.read))
            let query = request.query
            var users = try await state.enterpriseUsers(filter: query["filter_term"], principal: principal)
            switch query["user_type"] {
            case "managed": users = users.filter { $0.role == .user || $0.role == .admin }
            case "external": users = []
            default: break
            }
            let paging = try Paging(query: query)
            let fields = FieldSelection(query: query)
            var rendered: [JSONValue] = []
            for user in users { rendered.append(await state.renderUser(user, fields: fields)) }
            return Responses.json(paging.page(rendered, render: { $0 }))
        }
        router.post("/2.0/users") { request, context in
            let principal = try context.caller(requiring: Scope.users)
            let body = try await context.json(request)
            guard let name = body["name"]?.stringValue, !name.isEmpty else { throw ServerErrorResponse.badRequest("name is required") }
            let appUser = body["is_platform_access_only"]?.boolValue ?? false
            if !appUser && body["login"]?.stringValue == nil { throw ServerErrorResponse.badRequest("login is required for managed users") }
            let user = try await state.createUser(name: name, login: body["login"]?.stringValue, appUser: appUser, principal: principal)
            return Responses.json(await state.renderUser(user, fields: FieldSelection(query: request.query)), status: .created)
        }
    }
}
