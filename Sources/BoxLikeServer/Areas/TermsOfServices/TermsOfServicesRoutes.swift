import BoxLikeJSON
import Hummingbird

/// `/2.0/terms_of_services...` and `/2.0/terms_of_service_user_statuses...`.
struct TermsOfServicesRoutes: ServerArea, TermsOfServicesOperations, TermsOfServiceUserStatusesOperations {

    let services: ServerServices
    static let writeScope: Set<String> = ["root_readwrite", "manage_enterprise_properties"]
    typealias Render = TermsOfServiceRepresentation

    func getTermsOfService(_ input: OperationInput) async throws -> Response {
        let terms = try await state.withArea(TermsOfServicesState.self) { area, core in try area.termsOfServices(core: core, tosType: input.query["tos_type"], principal: input.principal) }
        let enterprise = await state.termsEnterprise
        return Responses.json(Render.list(terms.map { Render.terms($0, enterprise: enterprise) }))
    }

    func createTermsOfService(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        guard let status = body["status"]?.stringValue, let text = body["text"]?.stringValue else {
            throw ServerErrorResponse.badRequest("status and text are required")
        }
        let terms = try await state.withArea(TermsOfServicesState.self) { area, core in try area.createTermsOfService(core: core,
            status: status, tosType: body["tos_type"]?.stringValue, text: text, principal: input.principal) }
        return Responses.json(Render.terms(terms, enterprise: await state.termsEnterprise))
    }

    func getTermsOfServiceUserStatuses(_ input: OperationInput) async throws -> Response {
        let (statuses, users) = try await state.withArea(TermsOfServicesState.self) { area, core in try area.termsOfServiceUserStatuses(core: core,
            tosId: try input.request.requiredQuery("tos_id"), userId: input.query["user_id"], principal: input.principal) }
        return Responses.json(Render.list(statuses.map { Render.userStatus($0, users: users) }))
    }

    func createTermsOfServiceStatusForUser(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        guard let tosId = body["tos"]?.idMember, let userId = body["user"]?.idMember, let accepted = body["is_accepted"]?.boolValue else {
            throw ServerErrorResponse.badRequest("tos.id, user.id and is_accepted are required")
        }
        let (status, users) = try await state.withArea(TermsOfServicesState.self) { area, core in try area.createTermsOfServiceUserStatus(core: core,
            tosId: tosId, userId: userId, isAccepted: accepted, principal: input.principal) }
        return Responses.json(Render.userStatus(status, users: users), status: .created)
    }

    func getTermsOfServiceById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("terms_of_service_id")
        let terms = try await state.withArea(TermsOfServicesState.self) { area, core in try area.termsOfService(core: core, id, principal: input.principal) }
        return Responses.json(Render.terms(terms, enterprise: await state.termsEnterprise))
    }

    func updateTermsOfServiceById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("terms_of_service_id")
        let body = try await input.json()
        guard let status = body["status"]?.stringValue, let text = body["text"]?.stringValue else {
            throw ServerErrorResponse.badRequest("status and text are required")
        }
        let terms = try await state.withArea(TermsOfServicesState.self) { area, core in try area.updateTermsOfService(core: core, id, status: status, text: text, principal: input.principal) }
        return Responses.json(Render.terms(terms, enterprise: await state.termsEnterprise))
    }

    func updateTermsOfServiceStatusForUserById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("terms_of_service_user_status_id")
        let body = try await input.json()
        let (status, users) = try await state.withArea(TermsOfServicesState.self) { area, core in try area.updateTermsOfServiceUserStatus(core: core,
            id, isAccepted: try body.required("is_accepted", as: Bool.self), principal: input.principal) }
        return Responses.json(Render.userStatus(status, users: users))
    }
}
