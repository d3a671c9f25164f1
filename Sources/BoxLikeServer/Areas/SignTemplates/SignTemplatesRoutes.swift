import BoxLikeJSON
import Hummingbird

/// `/2.0/sign_templates...`: the caller's Box Sign templates.
struct SignTemplatesRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getSignTemplates) { request, _, principal in
            let query = request.query
            let paging = try Paging(query: query, defaultLimit: 10, maximumLimit: 1000, forceMarker: true)
            let views = await state.signTemplates(principal: principal)
            return Responses.json(paging.page(views, render: SignTemplateRepresentation.render))
        }
        routes.api.serve(.getSignTemplateById) { _, context, principal in
            let view = try await state.signTemplateView(try context.pathParameter("template_id"), principal: principal)
            return Responses.json(SignTemplateRepresentation.render(view))
        }
    }
}
