import Hummingbird

/// `GET`, `PUT` and `DELETE /2.0/{files|folders|web_links}/{id}` and `POST .../copy`: one
/// handler per operation, registered for every kind that has it.
struct ItemsRoutes: ServerArea {
    let services: ServerServices

    static func register(on routes: ServerRoutes) {
        ItemsRoutes(services: routes.services).register(on: routes)
    }
    /// The kinds that can be read, changed and deleted here.
    static let kinds: [ItemRoute] = [.folders, .files, .webLinks]
    /// The kinds that can be copied (Box has no copy for web links).
    static let copyableKinds: [ItemRoute] = [.folders, .files]

    func register(on routes: ServerRoutes) {
        for route in Self.kinds {
            registerGet(route, on: routes)
            registerUpdate(route, on: routes)
            registerDelete(route, on: routes)
        }
        for route in Self.copyableKinds {
            registerCopy(route, on: routes)
        }
    }

    private func registerGet(_ route: ItemRoute, on routes: ServerRoutes) {
        let state = services.state
        routes.api.serve(route.pick(files: .getFileById, folders: .getFolderById, webLinks: .getWebLinkById)) { request, context, principal in
            let item = try await state.readableItem(try await route.ref(in: context, for: principal, state: state), for: principal)
            // A root folder has no etag, so it is never "not modified".
            if !item.isRoot && ConditionalGet.notModified(request, etag: item.etag) { return Responses.empty(.notModified) }
            let query = request.query
            let fields = FieldSelection(query: query)
            var rendered = ItemRepresentation.render(await state.itemView(item, viewer: principal.userId, fields: fields), fields: fields)
            // A folder's item collection follows the paging and order the request gives.
            if route.type == .folder, case .object(var members) = rendered, members["item_collection"] != nil,
               ["sort", "direction", "offset", "limit"].contains(where: { query[$0] != nil }) {
                members["item_collection"] = try await FoldersRoutes.page(
                    ofFolder: try context.pathParameter(route.idParameter), query: query, allowMarker: false, principal: principal,
                    state: state)
                rendered = .object(members)
            }
            // A file's representations are listed for the kinds `X-Rep-Hints` asks for.
            if route.type == .file, case .object(var members) = rendered,
               FieldSelection(query: query).requested?.contains("representations") == true {
                let representations = try await state.representations(
                    of: try context.pathParameter(route.idParameter),
                    hints: ServerState.RepresentationHint.parse(request.header("x-rep-hints") ?? "[png?dimensions=320x320]"),
                    principal: principal)
                members["representations"] = FileRepresentationsRepresentation.render(representations)
                rendered = .object(members)
            }
            return Responses.json(rendered)
        }
    }

    private func registerUpdate(_ route: ItemRoute, on routes: ServerRoutes) {
        let state = services.state
        // The scopes a change needs depend on what it changes (a rename, a move, a shared link).
        routes.api.serve(route.pick(files: .updateFileById, folders: .updateFolderById, webLinks: .updateWebLinkById)) { request, context, principal in
            let body = try await context.json(request)
            try principal.require(anyOf: ItemUpdate.requiredScopes(forBody: body))
            let update = try ItemUpdate(body: body, ifMatch: request.header("if-match"))
            let item = try await state.updateItem(try await route.ref(in: context, for: principal, state: state), update, principal: principal)
            return await Responses.item(item, for: principal, fields: FieldSelection(query: request.query), state: state)
        }
    }

    private func registerDelete(_ route: ItemRoute, on routes: ServerRoutes) {
        let state = services.state
        routes.api.serve(route.pick(files: .deleteFileById, folders: .deleteFolderById, webLinks: .deleteWebLinkById)) { request, context, principal in
            try await state.deleteItem(
                try await route.ref(in: context, for: principal, state: state), recursive: QueryFlag.isTrue(request.query["recursive"]),
                ifMatch: request.header("if-match"), principal: principal)
            return Responses.empty()
        }
    }

    private func registerCopy(_ route: ItemRoute, on routes: ServerRoutes) {
        let state = services.state
        routes.api.serve(route.pick(files: .copyFile, folders: .copyFolder)) { request, context, principal in
            let body = try await context.json(request)
            let parentId = try body.required("parent.id", as: String.self)
            let copy = try await state.copyItem(
                try await route.ref(in: context, for: principal, state: state), toParent: parentId, name: body["name"]?.stringValue,
                versionId: body["version"]?.stringValue, principal: principal)
            return await Responses.item(copy, for: principal, fields: FieldSelection(query: request.query), state: state, status: .created)
        }
    }
}
