import BoxLikeJSON
import Foundation
import Hummingbird

/// `GET /2.0/search`.
struct SearchRoutes: ServerArea, SearchOperations {
    let services: ServerServices

    func searchForContent(_ input: OperationInput) async throws -> Response {
        let query = input.query
        func list(_ name: String) -> [String]? {
            query[name].map { $0.split(separator: ",", omittingEmptySubsequences: false).map { String($0) } }
        }
        func dateRange(_ name: String) throws -> (Date?, Date?)? {
            guard let parts = list(name) else { return nil }
            let low = parts.first.flatMap { $0.isEmpty ? nil : $0 }
            let high = parts.count > 1 ? (parts[1].isEmpty ? nil : parts[1]) : nil
            let lowDate = try low.map { text -> Date in
                guard let date = Timestamp.parse(text) else { throw ServerErrorResponse.badRequest("\(name) must contain RFC 3339 timestamps") }
                return date
            }
            let highDate = try high.map { text -> Date in
                guard let date = Timestamp.parse(text) else { throw ServerErrorResponse.badRequest("\(name) must contain RFC 3339 timestamps") }
                return date
            }
            return (lowDate, highDate)
        }
        var search = SearchQuery()
        search.query = query["query"]
        search.type = query["type"]
        search.fileExtensions = list("file_extensions").map { Set($0.map { $0.lowercased() }) }
        search.ancestorFolderIds = list("ancestor_folder_ids")
        search.contentTypes = list("content_types").map { Set($0.map { $0 == "tag" ? "tags" : $0 }) }
        search.createdRange = try dateRange("created_at_range")
        search.updatedRange = try dateRange("updated_at_range")
        if let sizes = list("size_range") {
            search.sizeRange = (sizes.first.flatMap { Int($0) }, sizes.count > 1 ? Int(sizes[1]) : nil)
        }
        search.includeRecentSharedLinks = QueryFlag.isTrue(query["include_recent_shared_links"])
        search.ownerUserIds = list("owner_user_ids").map(Set.init)
        search.recentUpdaterUserIds = list("recent_updater_user_ids").map(Set.init)
        search.trashContent = query["trash_content"] ?? "non_trashed_only"
        search.deletedUserIds = list("deleted_user_ids").map(Set.init)
        search.deletedRange = try dateRange("deleted_at_range")
        if let text = query["mdfilters"] {
            guard let filters = (try? JSONValue.parse(Array(text.utf8)))?.arrayValue else {
                throw ServerErrorResponse.badRequest("mdfilters must be a JSON array")
            }
            search.metadataFilters = try filters.map { filter in
                guard let scope = filter["scope"]?.stringValue, let key = filter["templateKey"]?.stringValue,
                      let values = filter["filters"]?.objectValue else {
                    throw ServerErrorResponse.badRequest("each mdfilters entry needs scope, templateKey and filters")
                }
                return SearchQuery.MetadataFilter(scope: scope, templateKey: key, filters: values)
            }
        }
        if (search.query ?? "").isEmpty && search.fileExtensions == nil && search.ancestorFolderIds == nil
            && search.metadataFilters.isEmpty {
            throw ServerErrorResponse.badRequest("query is required unless filters are given")
        }
        var results = try await state.search(search, principal: input.principal)
        // `sort=modified_at` orders by the last change, newest first unless `direction=ASC`;
        // by relevance (the default) the order is Box's, and `direction` does not apply.
        if query["sort"] == "modified_at" {
            results.sort { ($0.item.modifiedAt, $0.item.id) > ($1.item.modifiedAt, $1.item.id) }
            if query["direction"] == "ASC" { results.reverse() }
        }
        let paging = try Paging(query: query, maximumLimit: 200)
        let fields = FieldSelection(query: query)
        let hits = Array(results[paging.window(count: results.count)])
        let views = await state.itemViews(hits.map(\.item), viewer: input.principal.userId, fields: fields)
        var rendered: [JSONValue] = []
        for (hit, view) in zip(hits, views) {
            let item = ItemRepresentation.render(view, fields: fields)
            // With shared links, each entry wraps its item and says how the caller reaches it.
            rendered.append(search.includeRecentSharedLinks
                ? ["type": "search_result", "item": item, "accessible_via_shared_link": hit.sharedLink.map(JSONValue.string) ?? .null]
                : item)
        }
        return Responses.json([
            "type": search.includeRecentSharedLinks ? "search_results_with_shared_links" : "search_results_items",
            "total_count": .int(results.count), "limit": .int(paging.limit),
            "offset": .int(paging.offset), "entries": .array(rendered),
        ])
    }
}

extension SearchRoutes {
    /// `POST /2.0/metadata_queries/execute_read`.
    func searchByMetadataQuery(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let query = try MetadataTemplatesRoutes.queryRequest(body)
        let page = try await state.executeMetadataQuery(query, principal: input.principal)
        return Responses.json([
            "limit": .int(query.limit), "entries": .array(page.entries.map(MetadataQueryRepresentation.render)), "next_marker": page.nextMarker.map(JSONValue.string) ?? .null,
        ])
    }
}
