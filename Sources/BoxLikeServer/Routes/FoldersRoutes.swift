import BoxLikeJSON
import Foundation
import Hummingbird

/// `/2.0/folders...`
struct FoldersRoutes {
    let services: ServerServices

    func register(on router: BoxRouter) {
        let state = services.state
        router.get("/2.0/folders/:folder_id") { request, context in
            let principal = try context.caller(requiring: Scope.read)
            let folder = try await state.folder(try context.pathParameter("folder_id"), for: principal)
            if ConditionalGet.notModified(request, etag: folder.etag) && !folder.isRoot { return Responses.empty(.notModified) }
            return Responses.json(await state.renderFolder(folder, viewer: principal.userId, fields: FieldSelection(query: request.query)))
        }
        router.get("/2.0/folders/:folder_id/items") { request, context in
            let principal = try context.caller(requiring: Scope.read)
            let query = request.query
            let (_, children) = try await state.listing(try context.pathParameter("folder_id"), principal: principal)
            let sorted = try await Self.sort(children, query: query, state: state)
            let paging = try Paging(query: query, allowMarker: true)
            let fields = FieldSelection(query: query)
            var rendered: [JSONValue] = []
            let start = min(paging.offset, sorted.count)
            for item in sorted[start..<min(start + paging.limit, sorted.count)] {
                // Like Box, listings default to the mini variant; `fields` asks for more.
                if fields.requested == nil {
                    rendered.append(await state.mini(item))
                } else {
                    rendered.append(await state.render(item, viewer: principal.userId, fields: fields))
                }
            }
            var window = paging
            window.offset = 0
            var page = window.page(rendered, render: { $0 }).objectValue ?? [:]
            let end = start + rendered.count
            if paging.usesMarker {
                page["next_marker"] = end < sorted.count ? .string(Paging.marker(end)) : .null
                page["prev_marker"] = start > 0 ? .string(Paging.marker(max(0, start - paging.limit))) : .null
            } else {
                page["total_count"] = .int(sorted.count)
                page["offset"] = .int(paging.offset)
                let direction = query["direction"] ?? "ASC"
                page["order"] = [["by": .string(query["sort"] ?? "type"), "direction": .string(direction)], ["by": "name", "direction": .string(direction)]]
            }
            return Responses.json(.object(page))
        }
        router.post("/2.0/folders") { request, context in
            let principal = try context.caller(requiring: Scope.write.union(Scope.upload))
            let body = try await context.json(request)
            guard let name = body["name"]?.stringValue else { throw ServerErrorResponse.badRequest("name is required") }
            guard let parentId = body["parent"]?.idMember else { throw ServerErrorResponse.badRequest("parent.id is required") }
            let folder = try await state.createFolder(name: name, parentApiId: parentId, principal: principal)
            return Responses.json(await state.renderFolder(folder, viewer: principal.userId, fields: FieldSelection(query: request.query)), status: .created)
        }
        router.put("/2.0/folders/:folder_id") { request, context in
            let body = try await context.json(request)
            let principal = try context.caller(requiring: Self.scopes(forUpdate: body))
            let update = try Self.itemUpdate(body, ifMatch: request.header("if-match"))
            let folder = try await state.updateFolder(try context.pathParameter("folder_id"), update, principal: principal)
            return Responses.json(await state.renderFolder(folder, viewer: principal.userId, fields: FieldSelection(query: request.query)))
        }
        router.delete("/2.0/folders/:folder_id") { request, context in
            let principal = try context.caller(requiring: Scope.delete)
            try await state.deleteFolder(
                try context.pathParameter("folder_id"), recursive: request.query["recursive"] == "true",
                ifMatch: request.header("if-match"), principal: principal)
            return Responses.empty()
        }
        router.post("/2.0/folders/:folder_id/copy") { request, context in
            let principal = try context.caller(requiring: Scope.write.union(Scope.upload))
            let body = try await context.json(request)
            guard let parentId = body["parent"]?.idMember else { throw ServerErrorResponse.badRequest("parent.id is required") }
            let folder = try await state.copyFolder(
                try context.pathParameter("folder_id"), toParent: parentId, name: body["name"]?.stringValue, principal: principal)
            return Responses.json(await state.renderFolder(folder, viewer: principal.userId, fields: FieldSelection(query: request.query)), status: .created)
        }
        router.get("/2.0/folders/:folder_id/collaborations") { request, context in
            let principal = try context.caller(requiring: Scope.read.union(Scope.share))
            let folder = try await state.folder(try context.pathParameter("folder_id"), for: principal)
            let list = try await state.collaborations(on: ItemRef(type: .folder, id: folder.id), principal: principal)
            var rendered: [JSONValue] = []
            for collaboration in list { rendered.append(await state.renderCollaboration(collaboration)) }
            return Responses.json(try Paging(query: request.query).page(rendered, render: { $0 }))
        }
    }

    static func sort(_ items: [ItemRef], query: [String: String], state: ServerState) async throws -> [ItemRef] {
        guard let key = query["sort"], query["usemarker"] != "true" else {
            return query["direction"] == "DESC" ? items.reversed() : items
        }
        var keyed: [(ItemRef, String, Double)] = []
        for item in items {
            let name = await state.name(of: item) ?? ""
            keyed.append((item, name.lowercased(), 0))
        }
        var sorted: [ItemRef]
        switch key {
        case "id": sorted = items.sorted { (Int($0.id) ?? 0) < (Int($1.id) ?? 0) }
        case "name": sorted = keyed.sorted { $0.1 < $1.1 }.map(\.0)
        default: sorted = items
        }
        if query["direction"] == "DESC" { sorted.reverse() }
        return sorted
    }

    /// Scopes an item update needs: sharing needs `item_share`, renames `item_rename`, other changes write access.
    static func scopes(forUpdate body: JSONValue) -> Set<String> {
        let keys = Set(body.objectValue?.keys.map { $0 } ?? [])
        if keys == ["shared_link"] { return Scope.share }
        if keys == ["name"] { return Scope.rename }
        return Scope.write
    }

    static func itemUpdate(_ body: JSONValue, ifMatch: String?) throws -> ServerState.ItemUpdate {
        var update = ServerState.ItemUpdate()
        update.ifMatch = ifMatch
        update.name = body["name"]?.stringValue
        if let description = body["description"] { update.description = description.stringValue ?? "" }
        if let parent = body["parent"] {
            guard let id = parent.idMember else { throw ServerErrorResponse.badRequest("parent.id is required") }
            update.parentApiId = id
        }
        if let tags = body["tags"]?.arrayValue { update.tags = tags.compactMap(\.stringValue) }
        if let link = body["shared_link"] { update.sharedLink = try sharedLinkChange(link) }
        if let lock = body["lock"] {
            if lock.isNull {
                update.lock = .remove
            } else {
                let expiresAt = try lock["expires_at"]?.stringValue.map { text -> Date in
                    guard let date = Timestamp.parse(text) else { throw ServerErrorResponse.badRequest("lock.expires_at must be a date-time") }
                    return date
                }
                update.lock = .set(expiresAt: expiresAt, isDownloadPrevented: lock["is_download_prevented"]?.boolValue ?? false)
            }
        }
        return update
    }

    static func sharedLinkChange(_ link: JSONValue) throws -> ServerState.SharedLinkChange {
        if link.isNull { return .remove }
        guard link.objectValue != nil else { throw ServerErrorResponse.badRequest("shared_link must be an object or null") }
        let password: String?? = link["password"].map { $0.stringValue }
        var unsharedAt: Date?? = nil
        if let value = link["unshared_at"] {
            if let text = value.stringValue {
                guard let date = Timestamp.parse(text) else { throw ServerErrorResponse.badRequest("shared_link.unshared_at must be a date-time") }
                unsharedAt = .some(date)
            } else {
                unsharedAt = .some(nil)
            }
        }
        let vanity: String?? = link["vanity_name"].map { $0.stringValue }
        return .set(
            access: link["access"]?.stringValue, password: password, unsharedAt: unsharedAt,
            canDownload: link["permissions"]?["can_download"]?.boolValue, canEdit: link["permissions"]?["can_edit"]?.boolValue,
            vanityName: vanity)
    }
}
