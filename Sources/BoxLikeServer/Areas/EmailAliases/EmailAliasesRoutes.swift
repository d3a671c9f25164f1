import BoxLikeJSON
import Hummingbird

/// `/2.0/users/{id}/email_aliases...`: the extra email addresses a user can log in with.
struct EmailAliasesRoutes: ServerArea, EmailAliasesOperations {
    let services: ServerServices

    func getUserEmailAliases(_ input: OperationInput) async throws -> Response {
        let aliases = try await state.withArea(EmailAliasesState.self) { area, core in try area.emailAliases(core: core, of: try input.path("user_id"), principal: input.principal) }
        return Responses.json(["total_count": .int(aliases.count), "entries": .array(aliases.map(EmailAliasRepresentation.render))])
    }

    func createUserEmailAlias(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let email = try body.required("email", as: String.self)
        let alias = try await state.withArea(EmailAliasesState.self) { area, core in try area.addEmailAlias(core: core, email, to: try input.path("user_id"), principal: input.principal) }
        return Responses.json(EmailAliasRepresentation.render(alias), status: .created)
    }

    func deleteUserEmailAliasById(_ input: OperationInput) async throws -> Response {
        try await state.withArea(EmailAliasesState.self) { area, core in try area.removeEmailAlias(core: core,
            try input.path("email_alias_id"), of: try input.path("user_id"), principal: input.principal) }
        return Responses.empty()
    }
}
