import Hummingbird

/// What only web links have: `POST /2.0/web_links` (reading, changing and deleting are
/// ``ItemsRoutes``, the trash ``TrashRoutes``).
struct WebLinksRoutes: ServerArea, WebLinksOperations {
    let services: ServerServices

    func createWebLink(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let url = try body.required("url", as: String.self)
        let parentId = try body.required("parent.id", as: String.self)
        let link = try await state.createWebLink(
            url: url, name: body["name"]?.stringValue, description: body["description"]?.stringValue, parentApiId: parentId,
            principal: input.principal)
        return await Responses.item(link, for: input.principal, fields: FieldSelection(query: input.query), state: state, status: .created)
    }
}
