import Hummingbird

/// `GET /2.0/shared_items`: the item a shared link points to.
///
/// Shared links themselves are read and changed as Box does it, on the item:
/// `GET /2.0/{files|folders|web_links}/{id}?fields=shared_link` reads one, and `PUT` on the
/// same URL with a `shared_link` object adds or changes it and with `"shared_link": null`
/// removes it (the item routes and `ItemUpdate`). There are no `/shared_link` sub-paths.
struct SharedLinksRoutes: ServerArea, SharedLinksFilesOperations {
    let services: ServerServices

    func findFileForSharedLink(_ input: OperationInput) async throws -> Response {
        let header = try input.request.requiredHeader("BoxApi")
        let options = FormData.dictionary(header)
        guard let url = options["shared_link"] else { throw ServerErrorResponse.badRequest("BoxApi must contain shared_link") }
        // An app item's link resolves to the app item (Box's `#app_items` operation).
        if let appItem = await state.withArea(AppItemsState.self, { area, core in area.appItem(core: core, sharedLinkURL: url) }) { return Responses.json(AppItemRepresentation.render(appItem)) }
        let item = try await state.resolveSharedLink(url: url, password: options["shared_link_password"], viewer: input.principal.userId)
        try await state.checkInformationBarrier(sharedItem: item, viewer: input.principal.userId)
        if let restriction = input.principal.restrictedTo, !(await state.lineage(of: item).contains(restriction)) {
            throw ServerErrorResponse.forbidden("The access token is restricted to a different item.")
        }
        await state.noteSharedLinkVisit(item, url: url, by: input.principal.userId)
        // A shared file, folder or web link the caller already has is `304`, as in Box.
        if let etag = await state.items[item]?.etag, ConditionalGet.notModified(input.request, etag: etag) {
            return Responses.empty(.notModified)
        }
        let fields = FieldSelection(query: input.query)
        let view = await state.itemView(item, viewer: input.principal.userId, fields: fields)
        return Responses.json(view.map { ItemRepresentation.render($0, fields: fields) } ?? .null)
    }
}
