import BoxLikeJSON
import Foundation
import Hummingbird

/// `GET /2.0/search`.
struct SearchRoutes {
    let services: ServerServices

    func register(on router: BoxRouter) {
        let state = services.state
        router.get("/2.0/search") { request, context in
            let principal = try context.caller(requiring: Scope.read)
            let query = request.query
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
            if (search.query ?? "").isEmpty && search.fileExtensions == nil && search.ancestorFolderIds == nil {
                throw ServerErrorResponse.badRequest("query is required unless filters are given")
            }
            var results = try await state.search(search, principal: principal)
            if query["direction"] == "DESC" { results.reverse() }
            let paging = try Paging(query: query, maximumLimit: 200)
            let fields = FieldSelection(query: query)
            var rendered: [JSONValue] = []
            for item in results[paging.window(count: results.count)] {
                rendered.append(await state.render(item, viewer: principal.userId, fields: fields))
            }
            return Responses.json([
                "type": "search_results_items", "total_count": .int(results.count), "limit": .int(paging.limit),
                "offset": .int(paging.offset), "entries": .array(rendered),
            ])
        }
    }
}
