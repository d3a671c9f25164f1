import BoxLikeJSON
import Hummingbird

/// `PUT /2.0/users/{id}/folders/0`: moving one user's content to another.
struct TransferRoutes: ServerArea, TransferOperations {
    let services: ServerServices

    func transferOwnedFolder(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let destination = try body.required("owned_by.id", as: String.self)
        let folder = try await state.transferContent(
            from: try input.path("user_id"), to: destination, principal: input.principal)
        return await Responses.item(folder, for: input.principal, fields: FieldSelection(query: input.query), state: state)
    }
}
