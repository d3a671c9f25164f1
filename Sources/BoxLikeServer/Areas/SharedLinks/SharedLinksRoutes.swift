import Hummingbird

/// Shared links on files, folders and web links (`/2.0/{kind}/{id}/shared_link...`) and `GET /2.0/shared_items`.
struct SharedLinksRoutes: ServerArea {
    let services: ServerServices

    static func register(on routes: ServerRoutes) {
        SharedLinksRoutes(services: routes.services).register(on: routes)
    }
    /// The kinds with shared-link routes.
    static let kinds: [ItemRoute] = ItemRoute.all

    func register(on routes: ServerRoutes) {
        let state = services.state
        for route in Self.kinds {
            routes.api.get(route.path("/shared_link"), scope: Scope.read.union(Scope.share)) { request, context, principal in
                let item = try await state.item(try await route.ref(in: context, for: principal, state: state), for: principal)
                return await Responses.item(item, for: principal, fields: Self.fields(request), state: state)
            }
            routes.api.put(route.path("/shared_link"), scope: Scope.share) { request, context, principal in
                let body = try await context.json(request)
                guard let link = body["shared_link"], !link.isNull else { throw ServerErrorResponse.badRequest("shared_link is required") }
                let change = try ItemUpdate.SharedLinkChange(body: link)
                return try await self.changeSharedLink(change, on: route, request: request, context: context, principal: principal)
            }
            routes.api.put(route.path("/shared_link/remove"), scope: Scope.share) { request, context, principal in
                return try await self.changeSharedLink(.remove, on: route, request: request, context: context, principal: principal)
            }
        }
        routes.api.get("shared_items", scope: Scope.read) { request, context, principal in
            guard let header = request.header("boxapi") else { throw ServerErrorResponse.badRequest("header 'BoxApi' is required") }
            let options = FormData.dictionary(header)
            guard let url = options["shared_link"] else { throw ServerErrorResponse.badRequest("BoxApi must contain shared_link") }
            let item = try await state.resolveSharedLink(url: url, password: options["shared_link_password"])
            if let restriction = principal.restrictedTo, !(await state.lineage(of: item).contains(restriction)) {
                throw ServerErrorResponse.forbidden("The access token is restricted to a different item.")
            }
            await state.noteSharedLinkVisit(item, url: url, by: principal.userId)
            // A shared file, folder or web link the caller already has is `304`, as in Box.
            if let etag = await state.items[item]?.etag, ConditionalGet.notModified(request, etag: etag) {
                return Responses.empty(.notModified)
            }
            return Responses.json(await state.render(item, viewer: principal.userId, fields: FieldSelection(query: request.query)))
        }
    }

    /// Applies a shared-link change through the item update, so etag, permission and events
    /// behave as for `PUT` on the item.
    private func changeSharedLink(
        _ change: ItemUpdate.SharedLinkChange, on route: ItemRoute, request: Request, context: BoxLikeRequestContext, principal: Principal
    ) async throws -> Response {
        let state = services.state
        var update = ItemUpdate()
        update.sharedLink = change
        let item = try await state.updateItem(try await route.ref(in: context, for: principal, state: state), update, principal: principal)
        return await Responses.item(item, for: principal, fields: Self.fields(request), state: state)
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
