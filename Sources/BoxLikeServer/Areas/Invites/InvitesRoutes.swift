import BoxLikeJSON
import Hummingbird

/// `/2.0/invites...`: invitations of logins to join the enterprise.
struct InvitesRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.createInvite) { request, context, principal in
            let body = try await context.json(request)
            let enterpriseId = try body.required("enterprise.id", as: String.self)
            // The spec leaves `actionable_by.login` optional, so this stays a rule of the handler.
            guard let login = body["actionable_by"]?["login"]?.stringValue else {
                throw ServerErrorResponse.badRequest("actionable_by.login is required")
            }
            let invite = try await state.invite(login: login, enterpriseId: enterpriseId, principal: principal)
            return Responses.json(InviteRepresentation.render(invite, fields: FieldSelection(query: request.query)), status: .created)
        }
        routes.api.serve(.getInviteById) { request, context, principal in
            let invite = try await state.invite(try context.pathParameter("invite_id"), principal: principal)
            return Responses.json(InviteRepresentation.render(invite, fields: FieldSelection(query: request.query)))
        }
    }
}
