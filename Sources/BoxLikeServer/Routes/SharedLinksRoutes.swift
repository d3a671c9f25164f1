import Hummingbird

/// Shared links on files (`/2.0/files/{id}/shared_link...`) and `GET /2.0/shared_items`.
struct SharedLinksRoutes {
    let services: ServerServices

    func register(on router: BoxRouter) {
        let state = services.state
        router.get("/2.0/files/:file_id/shared_link") { request, context in
            let principal = try context.caller(requiring: Scope.read.union(Scope.share))
            let file = try await state.file(try context.pathParameter("file_id"), for: principal)
            return Responses.json(await state.renderFile(file, viewer: principal.userId, fields: Self.fields(request)))
        }
        router.put("/2.0/files/:file_id/shared_link") { request, context in
            let principal = try context.caller(requiring: Scope.share)
            let body = try await context.json(request)
            guard let link = body["shared_link"], !link.isNull else { throw ServerErrorResponse.badRequest("shared_link is required") }
            var update = ServerState.ItemUpdate()
            update.sharedLink = try FoldersRoutes.sharedLinkChange(link)
            let file = try await state.updateFile(try context.pathParameter("file_id"), update, principal: principal)
            return Responses.json(await state.renderFile(file, viewer: principal.userId, fields: Self.fields(request)))
        }
        router.put("/2.0/files/:file_id/shared_link/remove") { request, context in
            let principal = try context.caller(requiring: Scope.share)
            var update = ServerState.ItemUpdate()
            update.sharedLink = .remove
            let file = try await state.updateFile(try context.pathParameter("file_id"), update, principal: principal)
            return Responses.json(await state.renderFile(file, viewer: principal.userId, fields: Self.fields(request)))
        }
        router.get("/2.0/shared_items") { request, context in
            let principal = try context.caller(requiring: Scope.read)
            guard let header = request.header("boxapi") else { throw ServerErrorResponse.badRequest("header 'BoxApi' is required") }
            let options = FormData.dictionary(header)
            guard let url = options["shared_link"] else { throw ServerErrorResponse.badRequest("BoxApi must contain shared_link") }
            let item = try await state.resolveSharedLink(url: url, password: options["shared_link_password"])
            if let restriction = principal.restrictedTo, !(await state.lineage(of: item).contains(restriction)) {
                throw ServerErrorResponse.forbidden("The access token is restricted to a different item.")
            }
            if item.type == .file, let etag = await state.files[item.id]?.etag, ConditionalGet.notModified(request, etag: etag) {
                return Responses.empty(.notModified)
            }
            return Responses.json(await state.render(item, viewer: principal.userId, fields: FieldSelection(query: request.query)))
        }
    }

    /// `fields` is required on these routes and must at least yield `shared_link`.
    static func fields(_ request: Request) -> FieldSelection {
        var fields = FieldSelection(query: request.query)
        if !(fields.requested?.contains("shared_link") ?? false) {
            fields.requested = (fields.requested ?? []) + ["shared_link"]
        }
        return fields
    }
}
