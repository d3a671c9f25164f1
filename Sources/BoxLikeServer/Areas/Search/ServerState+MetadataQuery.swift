import BoxLikeJSON
import Foundation

/// `POST /metadata_queries/execute_read`: the files and folders under a folder whose
/// instance of one template matches a query, ordered and marker-paginated.
extension ServerState {
    /// What a query asks for, read from the request body.
    struct MetadataQueryRequest: Sendable {
        var from: String
        var query: String?
        var parameters: [String: JSONValue]
        var ancestorFolderId: String
        var orderBy: [(field: String, descending: Bool)]
        var limit: Int
        var offset: Int
        var fields: [String]
    }

    /// One page of matching items and the marker of the next page.
    func executeMetadataQuery(_ request: MetadataQueryRequest, principal: Principal) throws -> (entries: [MetadataQueryEntry], nextMarker: String?) {
        guard let dot = request.from.firstIndex(of: ".") else {
            throw ServerErrorResponse.badRequest("from must be <scope>.<templateKey>")
        }
        let scope = String(request.from[..<dot]), templateKey = String(request.from[request.from.index(after: dot)...])
        guard scope == "global" || scope == enterpriseScope else {
            throw ServerErrorResponse.badRequest("from must name a global template or one of enterprise \(enterpriseId)")
        }
        let template = try metadataTemplate(scope: scope, key: templateKey)
        let query: MetadataQuery
        do {
            query = try MetadataQuery.parse(request.query, parameters: request.parameters)
        } catch let invalid as MetadataQuery.Invalid {
            throw ServerErrorResponse.badRequest(invalid.message, code: "invalid_query")
        }
        if !template.isFreeForm {
            for key in request.orderBy.map(\.field) where !template.fields.contains(where: { $0.key == key }) {
                throw ServerErrorResponse.badRequest("order_by names '\(key)', which is not a field of \(templateKey)", code: "invalid_query")
            }
        }
        let ancestor = try folder(request.ancestorFolderId, for: principal)
        let instanceKeys = ["\(templateScope(scope))/\(templateKey)"]

        var matches: [(item: ItemRecord, instance: [String: JSONValue])] = []
        for ref in items.keys where ref.type != .webLink {
            if let match = metadataQueryCandidate(ref, instanceKeys: instanceKeys, under: ancestor.id, query: query, principal: principal) {
                matches.append(match)
            }
        }
        matches.sort { left, right in
            for key in request.orderBy {
                let a = left.instance[key.field], b = right.instance[key.field]
                switch (a, b) {
                case (nil, nil): continue
                case (nil, _): return false
                case (_, nil): return true
                case (let a?, let b?):
                    guard let order = MetadataQuery.ordering(a, b), order != 0 else { continue }
                    return key.descending ? order > 0 : order < 0
                }
            }
            return left.item.id < right.item.id
        }

        let start = min(request.offset, matches.count)
        let end = min(start + request.limit, matches.count)
        let plainFields = request.fields.filter { !$0.hasPrefix("metadata.") }
        let wanted = request.fields.filter { $0.hasPrefix("metadata.\(scope).\(templateKey)") }
        let fields = FieldSelection(requested: plainFields + ["name"])
        var entries: [MetadataQueryEntry] = []
        for match in matches[start..<end] {
            var entry = MetadataQueryEntry(item: match.item, fields: fields)
            if !(plainFields.isEmpty && wanted.isEmpty) {
                entry.view = itemView(match.item, viewer: principal.userId, fields: fields)
            }
            if !wanted.isEmpty {
                let all = wanted.contains("metadata.\(scope).\(templateKey)")
                let keys = Set(wanted.map { String($0.dropFirst("metadata.\(scope).\(templateKey).".count)) })
                let values = match.instance.filter { all || $0.key.hasPrefix("$") || keys.contains($0.key) }
                entry.metadata = [scope: [templateKey: .object(values)]]
            }
            entries.append(entry)
        }
        return (entries, end < matches.count ? Paging.marker(end) : nil)
    }

    /// The item and its instance of the template when the item is under the folder, visible
    /// to the principal, active, and its instance matches the query.
    private func metadataQueryCandidate(_ ref: ItemRef, instanceKeys: [String], under folderId: String, query: MetadataQuery,
                                        principal: Principal) -> (item: ItemRecord, instance: [String: JSONValue])? {
        guard ref.id != folderId, let item = items[ref], !item.isRoot, let instances = metadata[Self.metadataKey(ref)] else { return nil }
        var found: [String: JSONValue]?
        for key in instanceKeys where found == nil {
            found = instances[key]?.objectValue
        }
        guard let instance = found, isWithin(ref, folder: folderId), !isInTrash(ref), query.matches(instance) else { return nil }
        do {
            try authorize(principal, ref)
        } catch {
            return nil
        }
        return (item, instance)
    }
}

/// One item a metadata query matched: its mini (no `fields`) or its view for the fields asked
/// for, and the instance values asked for with `metadata.<scope>.<template>` fields.
struct MetadataQueryEntry: Sendable {
    var item: ItemRecord
    var fields: FieldSelection
    var view: ItemView?
    var metadata: JSONValue?

    init(item: ItemRecord, fields: FieldSelection) {
        self.item = item
        self.fields = fields
    }
}

/// A metadata query's entries, built outside the state actor.
enum MetadataQueryRepresentation {
    static func render(_ entry: MetadataQueryEntry) -> JSONValue {
        var rendered = entry.view.map { ItemRepresentation.render($0, fields: entry.fields) } ?? ItemRepresentation.mini(entry.item)
        if let metadata = entry.metadata, case .object(var members) = rendered {
            members["metadata"] = metadata
            rendered = .object(members)
        }
        return rendered
    }
}
