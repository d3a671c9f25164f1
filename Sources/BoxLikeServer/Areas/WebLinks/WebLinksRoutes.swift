import Hummingbird

/// What only web links have: `POST /2.0/web_links` (reading, changing and deleting are
/// ``ItemsRoutes``, the trash ``TrashRoutes``).
struct WebLinksRoutes: ServerArea {
    let services: ServerServices

    static func register(on routes: ServerRoutes) {
        WebLinksRoutes(services: routes.services).register(on: routes)
    }

    func register(on routes: ServerRoutes) {
        let state = services.state
        routes.api.serve(.createWebLink) { request, context, principal in
            let body = try await context.json(request)
            let url = try body.required("url", as: String.self)
            let parentId = try body.required("parent.id", as: String.self)
            let link = try await state.createWebLink(
                url: url, name: body["name"]?.stringValue, description: body["description"]?.stringValue, parentApiId: parentId,
                principal: principal)
            return await Responses.item(link, for: principal, fields: FieldSelection(query: request.query), state: state, status: .created)
        }
    }
}
