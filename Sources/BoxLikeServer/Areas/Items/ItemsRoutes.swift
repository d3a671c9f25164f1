import Hummingbird

/// `GET`, `PUT` and `DELETE /2.0/{files|folders|web_links}/{id}` and `POST .../copy`: one
/// handler per operation for every kind of item; each kind's manager calls it with its kind.
struct ItemsRoutes: ServerArea {
    let services: ServerServices

    /// The operation for items of `route`'s kind.
    func getById(_ route: ItemRoute, _ input: OperationInput) async throws -> Response {
        let item = try await state.readableItem(try await route.ref(in: input.context, for: input.principal, state: state), for: input.principal)
        // A root folder has no etag, so it is never "not modified".
        if !item.isRoot && ConditionalGet.notModified(input.request, etag: item.etag) { return Responses.empty(.notModified) }
        let query = input.query
        let fields = FieldSelection(query: query)
        var rendered = ItemRepresentation.render(await state.itemView(item, viewer: input.principal.userId, fields: fields), fields: fields)
        // A folder's item collection follows the paging and order the request gives.
        if route.type == .folder, case .object(var members) = rendered, members["item_collection"] != nil,
           ["sort", "direction", "offset", "limit"].contains(where: { query[$0] != nil }) {
            members["item_collection"] = try await FoldersRoutes.page(
                ofFolder: try input.path(route.idParameter), query: query, allowMarker: false, principal: input.principal,
                state: state)
            rendered = .object(members)
        }
        // A file's representations are listed for the kinds `X-Rep-Hints` asks for.
        if route.type == .file, case .object(var members) = rendered,
           FieldSelection(query: query).requested?.contains("representations") == true {
            let representations = try await state.withArea(RepresentationsState.self) { area, core in try area.representations(core: core,
                of: try input.path(route.idParameter),
                hints: RepresentationsState.RepresentationHint.parse(input.header("x-rep-hints") ?? "[png?dimensions=320x320]"),
                principal: input.principal) }
            members["representations"] = FileRepresentationsRepresentation.render(representations)
            rendered = .object(members)
        }
        // A file's expiring embed link: a preview page and a preview token restricted to it.
        if route.type == .file, case .object(var members) = rendered, fields.requested?.contains("expiring_embed_link") == true {
            let fileId = try input.path(route.idParameter)
            if let link = await state.withArea(EmbedLinksState.self, { area, core in area.makeEmbedLink(core: core, fileId: fileId, principal: input.principal) }) {
                let token = await services.tokens.issueAccessToken(
                    userId: input.principal.userId, clientId: input.principal.clientId, scopes: ["item_preview"],
                    lifetime: .seconds(Int(EmbedLinksState.embedLinkLifetime)), kind: .downscoped, restrictedTo: .file(fileId))
                members["expiring_embed_link"] = [
                    "access_token": .string(token.value), "expires_in": .int(Int(EmbedLinksState.embedLinkLifetime)), "token_type": "bearer",
                    "restricted_to": [["scope": "item_preview", "object": await state.mini(.file(fileId))]],
                    "url": .string(link.url),
                ]
            } else {
                members["expiring_embed_link"] = .null
            }
            rendered = .object(members)
        }
        return Responses.json(rendered)
    }

    /// The operation for items of `route`'s kind.
    func updateById(_ route: ItemRoute, _ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        // The scopes a change needs depend on what it changes (a rename, a move, a shared link).
        try input.principal.require(anyOf: ItemUpdate.requiredScopes(forBody: body))
        let update = try ItemUpdate(body: body, ifMatch: input.header("if-match"))
        let item = try await state.updateItem(try await route.ref(in: input.context, for: input.principal, state: state), update, principal: input.principal)
        return await Responses.item(item, for: input.principal, fields: FieldSelection(query: input.query), state: state)
    }

    /// The operation for items of `route`'s kind.
    func deleteById(_ route: ItemRoute, _ input: OperationInput) async throws -> Response {
        try await state.deleteItem(
            try await route.ref(in: input.context, for: input.principal, state: state), recursive: QueryFlag.isTrue(input.query["recursive"]),
            ifMatch: input.header("if-match"), principal: input.principal)
        return Responses.empty()
    }

    /// The operation for items of `route`'s kind.
    func copy(_ route: ItemRoute, _ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let parentId = try body.required("parent.id", as: String.self)
        let copy = try await state.copyItem(
            try await route.ref(in: input.context, for: input.principal, state: state), toParent: parentId, name: body["name"]?.stringValue,
            versionId: body["version"]?.stringValue, principal: input.principal)
        return await Responses.item(copy, for: input.principal, fields: FieldSelection(query: input.query), state: state, status: .created)
    }
}

/// The `files` manager's operations that every kind of item has.
extension FilesRoutes {
    private var items: ItemsRoutes { ItemsRoutes(services: services) }

    func getFileById(_ input: OperationInput) async throws -> Response {
        try await items.getById(.files, input)
    }

    func updateFileById(_ input: OperationInput) async throws -> Response {
        try await items.updateById(.files, input)
    }

    func deleteFileById(_ input: OperationInput) async throws -> Response {
        try await items.deleteById(.files, input)
    }

    func copyFile(_ input: OperationInput) async throws -> Response {
        try await items.copy(.files, input)
    }
}

/// The `folders` manager's operations that every kind of item has.
extension FoldersRoutes {
    private var items: ItemsRoutes { ItemsRoutes(services: services) }

    func getFolderById(_ input: OperationInput) async throws -> Response {
        try await items.getById(.folders, input)
    }

    func updateFolderById(_ input: OperationInput) async throws -> Response {
        try await items.updateById(.folders, input)
    }

    func deleteFolderById(_ input: OperationInput) async throws -> Response {
        try await items.deleteById(.folders, input)
    }

    func copyFolder(_ input: OperationInput) async throws -> Response {
        try await items.copy(.folders, input)
    }
}

/// The `webLinks` manager's operations that every kind of item has.
extension WebLinksRoutes {
    private var items: ItemsRoutes { ItemsRoutes(services: services) }

    func getWebLinkById(_ input: OperationInput) async throws -> Response {
        try await items.getById(.webLinks, input)
    }

    func updateWebLinkById(_ input: OperationInput) async throws -> Response {
        try await items.updateById(.webLinks, input)
    }

    func deleteWebLinkById(_ input: OperationInput) async throws -> Response {
        try await items.deleteById(.webLinks, input)
    }
}
