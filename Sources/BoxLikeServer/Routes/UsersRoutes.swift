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
            var users = try await state.enterpriseUsers(
                filter: query["filter_term"], externalAppUserId: query["external_app_user_id"], principal: principal)
            switch query["user_type"]?.lowercased() {
            case "managed": users = users.filter { $0.role == .user || $0.role == .admin || $0.role == .appUser }
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
            let user = try await state.createUser(name: name, login: body["login"]?.stringValue, appUser: appUser,
                                                  profile: body.objectValue ?? [:], principal: principal)
            return Responses.json(await state.renderUser(user, fields: FieldSelection(query: request.query)), status: .created)
        }
        router.put("/2.0/users/:user_id") { request, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            guard case .object(let changes) = try await context.json(request) else {
                throw ServerErrorResponse.badRequest("The body must be a JSON object")
            }
            let user = try await state.updateUser(try context.pathParameter("user_id"), changes: changes, principal: principal)
            return Responses.json(await state.renderUser(user, fields: FieldSelection(query: request.query)))
        }
        router.delete("/2.0/users/:user_id") { request, context in
            let principal = try context.caller(requiring: Scope.users)
            try await state.deleteUser(
                try context.pathParameter("user_id"), force: QueryFlag.isTrue(request.query["force"]), principal: principal)
            return Responses.empty()
        }
        router.put("/2.0/users/:user_id/folders/0") { request, context in
            let principal = try context.caller(requiring: Scope.users)
            let body = try await context.json(request)
            guard let destination = body["owned_by"]?.idMember else { throw ServerErrorResponse.badRequest("owned_by.id is required") }
            let folder = try await state.transferContent(
                from: try context.pathParameter("user_id"), to: destination, principal: principal)
            return await Responses.item(folder, for: principal, fields: FieldSelection(query: request.query), state: state)
        }
        router.get("/2.0/users/:user_id/email_aliases") { _, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            let aliases = try await state.emailAliases(of: try context.pathParameter("user_id"), principal: principal)
            var rendered: [JSONValue] = []
            for alias in aliases { rendered.append(await state.renderEmailAlias(alias)) }
            return Responses.json(["total_count": .int(rendered.count), "entries": .array(rendered)])
        }
        router.post("/2.0/users/:user_id/email_aliases") { request, context in
            let principal = try context.caller(requiring: Scope.users)
            let body = try await context.json(request)
            guard let email = body["email"]?.stringValue else { throw ServerErrorResponse.badRequest("email is required") }
            let alias = try await state.addEmailAlias(email, to: try context.pathParameter("user_id"), principal: principal)
            return Responses.json(await state.renderEmailAlias(alias), status: .created)
        }
        router.delete("/2.0/users/:user_id/email_aliases/:email_alias_id") { _, context in
            let principal = try context.caller(requiring: Scope.users)
            try await state.removeEmailAlias(
                try context.pathParameter("email_alias_id"), of: try context.pathParameter("user_id"), principal: principal)
            return Responses.empty()
        }
        router.post("/2.0/invites") { request, context in
            let principal = try context.caller(requiring: Scope.users)
            let body = try await context.json(request)
            guard let enterpriseId = body["enterprise"]?.idMember, let login = body["actionable_by"]?["login"]?.stringValue else {
                throw ServerErrorResponse.badRequest("enterprise.id and actionable_by.login are required")
            }
            let invite = try await state.invite(login: login, enterpriseId: enterpriseId, principal: principal)
            return Responses.json(await state.renderInvite(invite, fields: FieldSelection(query: request.query)), status: .created)
        }
        router.get("/2.0/invites/:invite_id") { request, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            let invite = try await state.invite(try context.pathParameter("invite_id"), principal: principal)
            return Responses.json(await state.renderInvite(invite, fields: FieldSelection(query: request.query)))
        }
    }
}
