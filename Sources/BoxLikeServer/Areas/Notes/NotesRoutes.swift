import BoxLikeJSON
import Hummingbird

/// `POST /2.0/notes/convert`, answered only with `box-version: 2026.0`.
struct NotesRoutes: ServerArea, NotesOperations {
    let services: ServerServices

    func createNoteConvertV2026R0(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        guard let content = body["content"]?.stringValue, let name = body["name"]?.stringValue,
              let parentId = body["parent"]?.idMember else {
            throw ServerErrorResponse.badRequest("content, content_format, parent and name are required")
        }
        guard body["content_format"]?.stringValue == "markdown" else {
            throw ServerErrorResponse.badRequest("content_format must be markdown")
        }
        let file = try await state.convertMarkdownToNote(content, name: name, parentApiId: parentId, principal: input.principal)
        return Responses.json(["type": "file", "id": .string(file.id)], status: .created)
    }
}
