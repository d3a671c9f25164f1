import BoxLikeJSON
import Hummingbird

/// `/2.0/terms_of_services...` and `/2.0/terms_of_service_user_statuses...`.
struct TermsOfServicesRoutes: ServerArea {
    static let writeScope: Set<String> = ["root_readwrite", "manage_enterprise_properties"]
    typealias Render = TermsOfServiceRepresentation

    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getTermsOfService) { request, _, principal in
            let terms = try await state.termsOfServices(tosType: request.query["tos_type"], principal: principal)
            let enterprise = await state.termsEnterprise
            return Responses.json(Render.list(terms.map { Render.terms($0, enterprise: enterprise) }))
        }
        routes.api.serve(.createTermsOfService) { request, context, principal in
            let body = try await context.json(request)
            guard let status = body["status"]?.stringValue, let text = body["text"]?.stringValue else {
                throw ServerErrorResponse.badRequest("status and text are required")
            }
            let terms = try await state.createTermsOfService(
                status: status, tosType: body["tos_type"]?.stringValue, text: text, principal: principal)
            return Responses.json(Render.terms(terms, enterprise: await state.termsEnterprise))
        }
        routes.api.resource(
            get: .init(.getTermsOfServiceById) { _, _, principal, id in
                let terms = try await state.termsOfService(id, principal: principal)
                return Responses.json(Render.terms(terms, enterprise: await state.termsEnterprise))
            },
            put: .init(.updateTermsOfServiceById) { request, context, principal, id in
                let body = try await context.json(request)
                guard let status = body["status"]?.stringValue, let text = body["text"]?.stringValue else {
                    throw ServerErrorResponse.badRequest("status and text are required")
                }
                let terms = try await state.updateTermsOfService(id, status: status, text: text, principal: principal)
                return Responses.json(Render.terms(terms, enterprise: await state.termsEnterprise))
            })

        routes.api.serve(.getTermsOfServiceUserStatuses) { request, _, principal in
            let (statuses, users) = try await state.termsOfServiceUserStatuses(
                tosId: try request.requiredQuery("tos_id"), userId: request.query["user_id"], principal: principal)
            return Responses.json(Render.list(statuses.map { Render.userStatus($0, users: users) }))
        }
        routes.api.serve(.createTermsOfServiceStatusForUser) { request, context, principal in
            let body = try await context.json(request)
            guard let tosId = body["tos"]?.idMember, let userId = body["user"]?.idMember, let accepted = body["is_accepted"]?.boolValue else {
                throw ServerErrorResponse.badRequest("tos.id, user.id and is_accepted are required")
            }
            let (status, users) = try await state.createTermsOfServiceUserStatus(
                tosId: tosId, userId: userId, isAccepted: accepted, principal: principal)
            return Responses.json(Render.userStatus(status, users: users), status: .created)
        }
        routes.api.resource(
            put: .init(.updateTermsOfServiceStatusForUserById) { request, context, principal, id in
                let body = try await context.json(request)
                let (status, users) = try await state.updateTermsOfServiceUserStatus(
                    id, isAccepted: try body.required("is_accepted", as: Bool.self), principal: principal)
                return Responses.json(Render.userStatus(status, users: users))
            })
    }
}
