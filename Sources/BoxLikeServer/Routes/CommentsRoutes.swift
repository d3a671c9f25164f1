import BoxLikeJSON
import Hummingbird

/// `/2.0/comments...` and `GET /2.0/files/{id}/comments`.
struct CommentsRoutes {
    let services: ServerServices

    func register(on router: BoxRouter) {
        let state = services.state
        router.get("/2.0/files/:file_id/comments") { request, context in
            let principal = try context.caller(requiring: Scope.read)
            let list = try await state.comments(onFile: try context.pathParameter("file_id"), principal: principal)
            let fields = FieldSelection(query: request.query)
            var rendered: [JSONValue] = []
            for comment in list { rendered.append(await state.renderComment(comment, fields: fields)) }
            return Responses.json(try Paging(query: request.query).page(rendered, render: { $0 }))
        }
        router.post("/2.0/comments") { request, context in
            let principal = try context.caller(requiring: Scope.comment)
            let body = try await context.json(request)
            guard let message = body["message"]?.stringValue else { throw ServerErrorResponse.badRequest("message is required") }
            guard let itemId = body["item"]?.idMember, let itemType = body["item"]?["type"]?.stringValue else {
                throw ServerErrorResponse.badRequest("item.id and item.type are required")
            }
            let comment = try await state.createComment(
                message: message, taggedMessage: body["tagged_message"]?.stringValue, itemType: itemType, itemId: itemId,
                principal: principal)
            return Responses.json(await state.renderComment(comment, fields: FieldSelection(query: request.query)), status: .created)
        }
        router.get("/2.0/comments/:comment_id") { request, context in
            let principal = try context.caller(requiring: Scope.read)
            let comment = try await state.comment(try context.pathParameter("comment_id"), principal: principal)
            return Responses.json(await state.renderComment(comment, fields: FieldSelection(query: request.query)))
        }
        router.put("/2.0/comments/:comment_id") { request, context in
            let principal = try context.caller(requiring: Scope.comment)
            let body = try await context.json(request)
            let comment = try await state.updateComment(
                try context.pathParameter("comment_id"), message: body["message"]?.stringValue, principal: principal)
            return Responses.json(await state.renderComment(comment, fields: FieldSelection(query: request.query)))
        }
        router.delete("/2.0/comments/:comment_id") { _, context in
            let principal = try context.caller(requiring: Scope.comment)
            try await state.deleteComment(try context.pathParameter("comment_id"), principal: principal)
            return Responses.empty()
        }
    }
}
