import BoxLikeJSON
import Hummingbird

/// `/2.0/comments...` and `GET /2.0/files/{id}/comments`.
struct CommentsRoutes: ServerArea, CommentsOperations {
    let services: ServerServices

    func getFileComments(_ input: OperationInput) async throws -> Response {
        let list = try await state.withArea(CommentsState.self) { area, core in try area.comments(core: core, onFile: try input.path("file_id"), principal: input.principal) }
        let fields = FieldSelection(query: input.query)
        return Responses.json(try Paging(query: input.query).page(list, render: { CommentRepresentation.render($0, fields: fields) }))
    }

    func createComment(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let message = try body.required("message", as: String.self)
        let itemId = try body.required("item.id", as: String.self)
        let itemType = try body.required("item.type", as: String.self)
        let comment = try await state.withArea(CommentsState.self) { area, core in try area.createComment(core: core,
            message: message, taggedMessage: body["tagged_message"]?.stringValue, itemType: itemType, itemId: itemId,
            principal: input.principal) }
        return Responses.json(CommentRepresentation.render(comment, fields: FieldSelection(query: input.query)), status: .created)
    }

    func getCommentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("comment_id")
        let comment = try await state.withArea(CommentsState.self) { area, core in try area.comment(core: core, id, principal: input.principal) }
        return Responses.json(CommentRepresentation.render(comment, fields: FieldSelection(query: input.query)))
    }

    func updateCommentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("comment_id")
        let body = try await input.json()
        let comment = try await state.withArea(CommentsState.self) { area, core in try area.updateComment(core: core,
            id, message: body["message"]?.stringValue, principal: input.principal) }
        return Responses.json(CommentRepresentation.render(comment, fields: FieldSelection(query: input.query)))
    }

    func deleteCommentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("comment_id")
        try await state.withArea(CommentsState.self) { area, core in try area.deleteComment(core: core, id, principal: input.principal) }
        return Responses.empty()
    }
}
