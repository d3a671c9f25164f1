import BoxLikeJSON
import Foundation
import Hummingbird

/// What only folders have: `POST /2.0/folders` and `GET /2.0/folders/{id}/items` (reading,
/// changing, deleting and copying are ``ItemsRoutes``).
struct FoldersRoutes: ServerArea, FoldersOperations {
    let services: ServerServices

    func getFolderItems(_ input: OperationInput) async throws -> Response {
        Responses.json(try await Self.page(
            ofFolder: try input.path("folder_id"), query: input.query, allowMarker: true, principal: input.principal,
            state: state))
    }

    func createFolder(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let name = try body.required("name", as: String.self)
        let parentId = try body.required("parent.id", as: String.self)
        let folder = try await state.createFolder(name: name, parentApiId: parentId, principal: input.principal)
        return await Responses.item(folder, for: input.principal, fields: FieldSelection(query: input.query), state: state, status: .created)
    }

    /// Orders a listing by `sort` (`id` or `name`) and `direction`; marker paging keeps the
    /// default order (type, then name).
    /// A page of a folder's items as `GET /folders/{id}/items` answers it, and as a folder's
    /// `item_collection` is when `GET /folders/{id}` is given `sort`, `direction`, `offset` or
    /// `limit`: sorted, paged, and in the mini variant unless `fields` asks for more.
    static func page(ofFolder folderApiId: String, query: [String: String], allowMarker: Bool, principal: Principal,
                     state: ServerState) async throws -> JSONValue {
        let children = try await state.listing(folderApiId, principal: principal)
        let sorted = sort(children, query: query)
        let paging = try Paging(query: query, allowMarker: allowMarker)
        let fields = FieldSelection(query: query)
        let window = Array(sorted[paging.window(count: sorted.count)])
        // Like Box, listings default to the mini variant; `fields` asks for more.
        let rendered: [JSONValue] = fields.requested == nil || !allowMarker
            ? window.map(ItemRepresentation.mini)
            : await state.itemViews(window, viewer: principal.userId, fields: fields).map { ItemRepresentation.render($0, fields: fields) }
        let direction = query["direction"] ?? "ASC"
        let order: JSONValue? = paging.usesMarker
            ? nil : [["by": .string(query["sort"] ?? "type"), "direction": .string(direction)], ["by": "name", "direction": .string(direction)]]
        return paging.envelope(rendered, totalCount: sorted.count, order: order)
    }

    static func sort(_ items: [ItemRecord], query: [String: String]) -> [ItemRecord] {
        guard let key = query["sort"], !QueryFlag.isTrue(query["usemarker"]) else {
            return query["direction"]?.uppercased() == "DESC" ? items.reversed() : items
        }
        var sorted: [ItemRecord]
        switch key {
        case "id": sorted = items.sorted { (Int($0.id) ?? 0) < (Int($1.id) ?? 0) }
        case "name": sorted = items.sorted { $0.name.lowercased() < $1.name.lowercased() }
        default: sorted = items
        }
        if query["direction"]?.uppercased() == "DESC" { sorted.reverse() }
        return sorted
    }
}
