import Hummingbird

/// `GET`, `PUT` and `DELETE /2.0/{files|folders|web_links}/{id}` and `POST .../copy`: one
/// handler per operation, registered for every kind that has it.
struct ItemsRoutes {
    let services: ServerServices
    /// The kinds that can be read, changed and deleted here.
    static let kinds: [ItemRoute] = [.folders, .files, .webLinks]
    /// The kinds that can be copied (Box has no copy for web links).
    static let copyableKinds: [ItemRoute] = [.folders, .files]

    func register(on router: BoxRouter) {
        for route in Self.kinds {
            registerGet(route, on: router)
            registerUpdate(route, on: router)
            registerDelete(route, on: router)
        }
        for route in Self.copyableKinds {
            registerCopy(route, on: router)
        }
    }

    private func registerGet(_ route: ItemRoute, on router: BoxRouter) {
        let state = services.state
        router.get(route.path()) { request, context in
            let principal = try context.caller(requiring: Scope.read)
            let item = try await state.item(try await route.ref(in: context, for: principal, state: state), for: principal)
            // A root folder has no etag, so it is never "not modified".
            if !item.isRoot && ConditionalGet.notModified(request, etag: item.etag) { return Responses.empty(.notModified) }
            return await Responses.item(item, for: principal, fields: FieldSelection(query: request.query), state: state)
        }
    }

    private func registerUpdate(_ route: ItemRoute, on router: BoxRouter) {
        let state = services.state
        router.put(route.path()) { request, context in
            let body = try await context.json(request)
            let principal = try context.caller(requiring: ItemUpdate.requiredScopes(forBody: body))
            let update = try ItemUpdate(body: body, ifMatch: request.header("if-match"))
            let item = try await state.updateItem(try await route.ref(in: context, for: principal, state: state), update, principal: principal)
            return await Responses.item(item, for: principal, fields: FieldSelection(query: request.query), state: state)
        }
    }

    private func registerDelete(_ route: ItemRoute, on router: BoxRouter) {
        let state = services.state
        router.delete(route.path()) { request, context in
            let principal = try context.caller(requiring: Scope.delete)
            try await state.deleteItem(
                try await route.ref(in: context, for: principal, state: state), recursive: QueryFlag.isTrue(request.query["recursive"]),
                ifMatch: request.header("if-match"), principal: principal)
            return Responses.empty()
        }
    }

    private func registerCopy(_ route: ItemRoute, on router: BoxRouter) {
        let state = services.state
        router.post(route.path("/copy")) { request, context in
            let principal = try context.caller(requiring: Scope.write.union(Scope.upload))
            let body = try await context.json(request)
            guard let parentId = body["parent"]?.idMember else { throw ServerErrorResponse.badRequest("parent.id is required") }
            let copy = try await state.copyItem(
                try await route.ref(in: context, for: principal, state: state), toParent: parentId, name: body["name"]?.stringValue,
                versionId: body["version"]?.stringValue, principal: principal)
            return await Responses.item(copy, for: principal, fields: FieldSelection(query: request.query), state: state, status: .created)
        }
    }
}
