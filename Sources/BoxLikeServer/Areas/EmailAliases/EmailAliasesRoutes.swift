import BoxLikeJSON
import Hummingbird

/// `/2.0/users/{id}/email_aliases...`: the extra email addresses a user can log in with.
struct EmailAliasesRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.get("users/:user_id/email_aliases", scope: Scope.readUsers) { _, context, principal in
            let aliases = try await state.emailAliases(of: try context.pathParameter("user_id"), principal: principal)
            var rendered: [JSONValue] = []
            for alias in aliases { rendered.append(await state.renderEmailAlias(alias)) }
            return Responses.json(["total_count": .int(rendered.count), "entries": .array(rendered)])
        }
        routes.api.post("users/:user_id/email_aliases", scope: Scope.users) { request, context, principal in
            let body = try await context.json(request)
            guard let email = body["email"]?.stringValue else { throw ServerErrorResponse.badRequest("email is required") }
            let alias = try await state.addEmailAlias(email, to: try context.pathParameter("user_id"), principal: principal)
            return Responses.json(await state.renderEmailAlias(alias), status: .created)
        }
        routes.api.delete("users/:user_id/email_aliases/:email_alias_id", scope: Scope.users) { _, context, principal in
            try await state.removeEmailAlias(
                try context.pathParameter("email_alias_id"), of: try context.pathParameter("user_id"), principal: principal)
            return Responses.empty()
        }
    }
}
