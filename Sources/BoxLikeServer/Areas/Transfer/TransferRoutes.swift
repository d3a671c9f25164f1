import BoxLikeJSON
import Hummingbird

/// `PUT /2.0/users/{id}/folders/0`: moving one user's content to another.
struct TransferRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.transferOwnedFolder) { request, context, principal in
            let body = try await context.json(request)
            let destination = try body.required("owned_by.id", as: String.self)
            let folder = try await state.transferContent(
                from: try context.pathParameter("user_id"), to: destination, principal: principal)
            return await Responses.item(folder, for: principal, fields: FieldSelection(query: request.query), state: state)
        }
    }
}
