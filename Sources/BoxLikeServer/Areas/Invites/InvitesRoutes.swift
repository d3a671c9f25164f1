import BoxLikeJSON
import Hummingbird

/// `/2.0/invites...`: invitations of logins to join the enterprise.
struct InvitesRoutes: ServerArea, InvitesOperations {
    let services: ServerServices

    func createInvite(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let enterpriseId = try body.required("enterprise.id", as: String.self)
        // The spec leaves `actionable_by.login` optional, so this stays a rule of the handler.
        guard let login = body["actionable_by"]?["login"]?.stringValue else {
            throw ServerErrorResponse.badRequest("actionable_by.login is required")
        }
        let invite = try await state.withArea(InvitesState.self) { area, core in try area.invite(core: core, login: login, enterpriseId: enterpriseId, principal: input.principal) }
        return Responses.json(InviteRepresentation.render(invite, fields: FieldSelection(query: input.query)), status: .created)
    }

    func getInviteById(_ input: OperationInput) async throws -> Response {
        let invite = try await state.withArea(InvitesState.self) { area, core in try area.invite(core: core, try input.path("invite_id"), principal: input.principal) }
        return Responses.json(InviteRepresentation.render(invite, fields: FieldSelection(query: input.query)))
    }
}
