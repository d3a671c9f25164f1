import Hummingbird

/// Responses that carry an item, rendered once for every route that returns one.
extension Responses {
    /// An item as JSON for the caller, in the variant the request's `fields` asks for.
    static func item(
        _ item: ItemRecord, for principal: Principal, fields: FieldSelection, state: ServerState, status: HTTPResponse.Status = .ok
    ) async -> Response {
        json(ItemRepresentation.render(await state.itemView(item, viewer: principal.userId, fields: fields), fields: fields), status: status)
    }

    /// The answer to an upload: `201` with the file as the one entry of a list.
    static func uploadedFile(_ file: ItemRecord, for principal: Principal, fields: FieldSelection, state: ServerState) async -> Response {
        let rendered = ItemRepresentation.render(await state.itemView(file, viewer: principal.userId, fields: fields), fields: fields)
        return json(["total_count": 1, "entries": [rendered]], status: .created)
    }
}
