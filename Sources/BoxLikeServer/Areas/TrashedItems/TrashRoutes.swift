import Hummingbird

/// The trash: `GET /2.0/folders/trash/items`, and for every kind of item `GET` and `DELETE
/// /2.0/{files|folders|web_links}/{id}/trash` and the restore, `POST /2.0/{...}/{id}`.
struct TrashRoutes: ServerArea {
    let services: ServerServices

    static func register(on routes: ServerRoutes) {
        TrashRoutes(services: routes.services).register(on: routes)
    }

    func register(on routes: ServerRoutes) {
        let state = services.state
        routes.api.serve(.getTrashedItems) { request, context, principal in
            let query = request.query
            let descending = query["direction"] == "DESC"
            let trashed = await state.trashedItems(for: principal, sort: query["sort"], descending: descending)
            let paging = try Paging(query: query, allowMarker: true)
            let fields = FieldSelection(query: query)
            let views = await state.itemViews(Array(trashed[paging.window(count: trashed.count)]), viewer: principal.userId, fields: fields)
            let rendered = views.map { ItemRepresentation.render($0, fields: fields) }
            let order: JSONValue = [["by": .string(query["sort"] ?? "date"), "direction": descending ? "DESC" : "ASC"]]
            return Responses.json(paging.envelope(rendered, totalCount: trashed.count, order: order))
        }
        for route in ItemRoute.all {
            register(route, on: routes)
        }
    }

    private func register(_ route: ItemRoute, on routes: ServerRoutes) {
        let state = services.state
        routes.api.serve(route.pick(files: .getTrashedFileById, folders: .getTrashedFolderById, webLinks: .getTrashedWebLinkById)) { request, context, principal in
            let item = try await state.trashedItem(try await route.ref(in: context, for: principal, state: state), for: principal)
            return await Responses.item(item, for: principal, fields: FieldSelection(query: request.query), state: state)
        }
        routes.api.serve(route.pick(files: .deleteTrashedFileById, folders: .deleteTrashedFolderById,
                                     webLinks: .deleteTrashedWebLinkById)) { _, context, principal in
            try await state.purgeTrashedItem(try await route.ref(in: context, for: principal, state: state), principal: principal)
            return Responses.empty()
        }
        routes.api.serve(route.pick(files: .restoreFileFromTrash, folders: .restoreFolderFromTrash, webLinks: .restoreWeblinkFromTrash)) { request, context, principal in
            let body = try await context.json(request)
            var parentApiId: String?
            if let parent = body["parent"], !parent.isNull {
                // The spec leaves `parent.id` optional, so this stays a rule of the handler.
                guard let id = parent.idMember else { throw ServerErrorResponse.badRequest("parent.id is required") }
                parentApiId = id
            }
            let item = try await state.restoreItem(
                try await route.ref(in: context, for: principal, state: state), name: body["name"]?.stringValue,
                parentApiId: parentApiId, principal: principal)
            return await Responses.item(item, for: principal, fields: FieldSelection(query: request.query), state: state, status: .created)
        }
    }
}
