import BoxLikeJSON
import Hummingbird

/// `/2.0/sign_templates...`: the caller's Box Sign templates.
struct SignTemplatesRoutes: ServerArea, SignTemplatesOperations {
    let services: ServerServices

    func getSignTemplates(_ input: OperationInput) async throws -> Response {
        let query = input.query
        let paging = try Paging(query: query, defaultLimit: 10, maximumLimit: 1000, forceMarker: true)
        let views = await state.withArea(SignTemplatesState.self) { area, core in area.signTemplates(core: core, principal: input.principal) }
        return Responses.json(paging.page(views, render: SignTemplateRepresentation.render))
    }

    func getSignTemplateById(_ input: OperationInput) async throws -> Response {
        let view = try await state.withArea(SignTemplatesState.self) { area, core in try area.signTemplateView(core: core, try input.path("template_id"), principal: input.principal) }
        return Responses.json(SignTemplateRepresentation.render(view))
    }
}
