import BoxLikeJSON
import Hummingbird

/// `/2.0/users/{id}/email_aliases...`: the extra email addresses a user can log in with.
struct EmailAliasesRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getUserEmailAliases) { _, context, principal in
            let aliases = try await state.emailAliases(of: try context.pathParameter("user_id"), principal: principal)
            return Responses.json(["total_count": .int(aliases.count), "entries": .array(aliases.map(EmailAliasRepresentation.render))])
        }
        routes.api.serve(.createUserEmailAlias) { request, context, principal in
            let body = try await context.json(request)
            let email = try body.required("email", as: String.self)
            let alias = try await state.addEmailAlias(email, to: try context.pathParameter("user_id"), principal: principal)
            return Responses.json(EmailAliasRepresentation.render(alias), status: .created)
        }
        routes.api.serve(.deleteUserEmailAliasById) { _, context, principal in
            try await state.removeEmailAlias(
                try context.pathParameter("email_alias_id"), of: try context.pathParameter("user_id"), principal: principal)
            return Responses.empty()
        }
    }
}
