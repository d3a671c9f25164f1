import BoxLikeJSON
import Hummingbird

/// `/2.0/comments...` and `GET /2.0/files/{id}/comments`.
struct CommentsRoutes: ServerArea {
    let services: ServerServices

    static func register(on routes: ServerRoutes) {
        CommentsRoutes(services: routes.services).register(on: routes)
    }

    func register(on routes: ServerRoutes) {
        let state = services.state
        routes.api.serve(.getFileComments) { request, context, principal in
            let list = try await state.comments(onFile: try context.pathParameter("file_id"), principal: principal)
            let fields = FieldSelection(query: request.query)
            return Responses.json(try Paging(query: request.query).page(list, render: { CommentRepresentation.render($0, fields: fields) }))
        }
        routes.api.serve(.createComment) { request, context, principal in
            let body = try await context.json(request)
            let message = try body.required("message", as: String.self)
            let itemId = try body.required("item.id", as: String.self)
            let itemType = try body.required("item.type", as: String.self)
            let comment = try await state.createComment(
                message: message, taggedMessage: body["tagged_message"]?.stringValue, itemType: itemType, itemId: itemId,
                principal: principal)
            return Responses.json(CommentRepresentation.render(comment, fields: FieldSelection(query: request.query)), status: .created)
        }
        routes.api.resource(
            get: .init(.getCommentById) { request, _, principal, id in
                let comment = try await state.comment(id, principal: principal)
                return Responses.json(CommentRepresentation.render(comment, fields: FieldSelection(query: request.query)))
            },
            put: .init(.updateCommentById) { request, context, principal, id in
                let body = try await context.json(request)
                let comment = try await state.updateComment(
                    id, message: body["message"]?.stringValue, principal: principal)
                return Responses.json(CommentRepresentation.render(comment, fields: FieldSelection(query: request.query)))
            },
            delete: .init(.deleteCommentById) { _, _, principal, id in
                try await state.deleteComment(id, principal: principal)
                return Responses.empty()
            }
        )
    }
}
