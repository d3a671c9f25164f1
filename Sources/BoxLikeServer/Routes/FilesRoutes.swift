import BoxLikeJSON
import Hummingbird

/// `/2.0/files/{id}` information, updates, copies, deletion and collaborations.
struct FilesRoutes {
    let services: ServerServices

    func register(on router: BoxRouter) {
        let state = services.state
        router.get("/2.0/files/:file_id") { request, context in
            let principal = try context.caller(requiring: Scope.read)
            let file = try await state.file(try context.pathParameter("file_id"), for: principal)
            if ConditionalGet.notModified(request, etag: file.etag) { return Responses.empty(.notModified) }
            return Responses.json(await state.renderFile(file, viewer: principal.userId, fields: FieldSelection(query: request.query)))
        }
        router.put("/2.0/files/:file_id") { request, context in
            let body = try await context.json(request)
            let principal = try context.caller(requiring: FoldersRoutes.scopes(forUpdate: body))
            let update = try FoldersRoutes.itemUpdate(body, ifMatch: request.header("if-match"))
            let file = try await state.updateFile(try context.pathParameter("file_id"), update, principal: principal)
            return Responses.json(await state.renderFile(file, viewer: principal.userId, fields: FieldSelection(query: request.query)))
        }
        router.delete("/2.0/files/:file_id") { request, context in
            let principal = try context.caller(requiring: Scope.delete)
            try await state.deleteFile(try context.pathParameter("file_id"), ifMatch: request.header("if-match"), principal: principal)
            return Responses.empty()
        }
        router.post("/2.0/files/:file_id/copy") { request, context in
            let principal = try context.caller(requiring: Scope.write.union(Scope.upload))
            let body = try await context.json(request)
            guard let parentId = body["parent"]?.idMember else { throw ServerErrorResponse.badRequest("parent.id is required") }
            let file = try await state.copyFile(
                try context.pathParameter("file_id"), toParent: parentId, name: body["name"]?.stringValue, principal: principal)
            return Responses.json(await state.renderFile(file, viewer: principal.userId, fields: FieldSelection(query: request.query)), status: .created)
        }
        router.get("/2.0/files/:file_id/collaborations") { request, context in
            let principal = try context.caller(requiring: Scope.read.union(Scope.share))
            let list = try await state.collaborations(on: ItemRef(type: .file, id: try context.pathParameter("file_id")), principal: principal)
            var rendered: [JSONValue] = []
            for collaboration in list { rendered.append(await state.renderCollaboration(collaboration)) }
            return Responses.json(try Paging(query: request.query).page(rendered, render: { $0 }))
        }
    }
}
