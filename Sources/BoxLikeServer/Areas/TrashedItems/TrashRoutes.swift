import Hummingbird

/// The trash: `GET /2.0/folders/trash/items`, and for every kind of item `GET` and `DELETE
/// /2.0/{files|folders|web_links}/{id}/trash` and the restore, `POST /2.0/{...}/{id}`.
struct TrashRoutes: ServerArea, TrashedItemsOperations, TrashedFilesOperations, TrashedFoldersOperations, TrashedWebLinksOperations {
    let services: ServerServices

    func getTrashedFileById(_ input: OperationInput) async throws -> Response {
        try await getTrashedById(.files, input)
    }

    func getTrashedFolderById(_ input: OperationInput) async throws -> Response {
        try await getTrashedById(.folders, input)
    }

    func getTrashedWebLinkById(_ input: OperationInput) async throws -> Response {
        try await getTrashedById(.webLinks, input)
    }

    func deleteTrashedFileById(_ input: OperationInput) async throws -> Response {
        try await deleteTrashedById(.files, input)
    }

    func deleteTrashedFolderById(_ input: OperationInput) async throws -> Response {
        try await deleteTrashedById(.folders, input)
    }

    func deleteTrashedWebLinkById(_ input: OperationInput) async throws -> Response {
        try await deleteTrashedById(.webLinks, input)
    }

    func restoreFileFromTrash(_ input: OperationInput) async throws -> Response {
        try await restoreFromTrash(.files, input)
    }

    func restoreFolderFromTrash(_ input: OperationInput) async throws -> Response {
        try await restoreFromTrash(.folders, input)
    }

    func restoreWeblinkFromTrash(_ input: OperationInput) async throws -> Response {
        try await restoreFromTrash(.webLinks, input)
    }

    private func getTrashedById(_ route: ItemRoute, _ input: OperationInput) async throws -> Response {
        let item = try await state.trashedItem(try await route.ref(in: input.context, for: input.principal, state: state), for: input.principal)
        return await Responses.item(item, for: input.principal, fields: FieldSelection(query: input.query), state: state)
    }

    private func deleteTrashedById(_ route: ItemRoute, _ input: OperationInput) async throws -> Response {
        try await state.purgeTrashedItem(try await route.ref(in: input.context, for: input.principal, state: state), principal: input.principal)
        return Responses.empty()
    }

    private func restoreFromTrash(_ route: ItemRoute, _ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        var parentApiId: String?
        if let parent = body["parent"], !parent.isNull {
            // The spec leaves `parent.id` optional, so this stays a rule of the handler.
            guard let id = parent.idMember else { throw ServerErrorResponse.badRequest("parent.id is required") }
            parentApiId = id
        }
        let item = try await state.restoreItem(
            try await route.ref(in: input.context, for: input.principal, state: state), name: body["name"]?.stringValue,
            parentApiId: parentApiId, principal: input.principal)
        let fields = FieldSelection(query: input.query)
        var restored = ItemRepresentation.render(await state.itemView(item, viewer: input.principal.userId, fields: fields), fields: fields)
        // Box answers a restore with `shared_link` `null`, though the item's link works again.
        if case .object(var members) = restored, members["shared_link"] != nil {
            members["shared_link"] = .null
            restored = .object(members)
        }
        return Responses.json(restored, status: .created)
    }

    func getTrashedItems(_ input: OperationInput) async throws -> Response {
        let query = input.query
        let descending = query["direction"] == "DESC"
        let trashed = await state.trashedItems(for: input.principal, sort: query["sort"], descending: descending)
        let paging = try Paging(query: query, allowMarker: true)
        let fields = FieldSelection(query: query)
        let views = await state.itemViews(Array(trashed[paging.window(count: trashed.count)]), viewer: input.principal.userId, fields: fields)
        let rendered = views.map { ItemRepresentation.render($0, fields: fields) }
        let order: JSONValue = [["by": .string(query["sort"] ?? "date"), "direction": descending ? "DESC" : "ASC"]]
        return Responses.json(paging.envelope(rendered, totalCount: trashed.count, order: order))
    }
}
