import Foundation

/// Filters of `GET /search`.
struct SearchQuery: Sendable {
    var query: String?
    var type: String?
    var fileExtensions: Set<String>?
    var ancestorFolderIds: [String]?
    var contentTypes: Set<String>?
    var createdRange: (Date?, Date?)?
    var updatedRange: (Date?, Date?)?
    var sizeRange: (Int?, Int?)?
    /// Items the caller opened through a shared link lately count as found too
    /// (`include_recent_shared_links`).
    var includeRecentSharedLinks = false
}

/// One search hit: the item, and the shared link the caller reached it through when that is
/// their only way to it.
struct SearchHit: Sendable {
    var item: ItemRecord
    var sharedLink: String?
}

/// The items each user opened through a shared link (`GET /shared_items`), with the link.
struct SharedLinkVisitsState: AreaState {
    var linksByUser: [String: [ItemRef: String]] = [:]
}

extension ServerState {
    /// Remembers that `userId` opened `item` through the shared link `url`.
    func noteSharedLinkVisit(_ item: ItemRef, url: String, by userId: String) {
        self[area: SharedLinkVisitsState.self].linksByUser[userId, default: [:]][item] = url
    }

    /// The items matching `search` that the principal may see, by type, name and id.
    func search(_ search: SearchQuery, principal: Principal) throws -> [SearchHit] {
        let visits = search.includeRecentSharedLinks ? self[area: SharedLinkVisitsState.self].linksByUser[principal.userId] ?? [:] : [:]
        let ancestors = try search.ancestorFolderIds?.map { try folder($0, for: principal).id }
        let contentTypes = search.contentTypes ?? ["name", "description", "file_content", "tags"]
        let terms = (search.query ?? "").lowercased().split(separator: " ").map(String.init)
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }.filter { !$0.isEmpty }
        func inRange<T: Comparable>(_ value: T, _ range: (T?, T?)?) -> Bool {
            guard let range else { return true }
            if let low = range.0, value < low { return false }
            if let high = range.1, value > high { return false }
            return true
        }
        let results = items.values.filter { item in
            guard !item.isRoot, !isInTrash(item.ref), search.type == nil || search.type == item.type.rawValue else { return false }
            guard accessLevel(of: principal.userId, to: item.ref) != nil || visits[item.ref] != nil else { return false }
            if let restriction = principal.restrictedTo, !lineage(of: item.ref).contains(restriction) { return false }
            if let ancestors, !ancestors.contains(where: { isWithin(item.ref, folder: $0) && item.ref != .folder($0) }) {
                return false
            }
            var haystack: [String] = []
            if contentTypes.contains("name") { haystack.append(item.name) }
            if contentTypes.contains("description") { haystack.append(item.description) }
            if contentTypes.contains("tags") { haystack += item.tags }
            if let file = item.file {
                if contentTypes.contains("file_content"), let text = file.currentVersion.content.smallText() { haystack.append(text) }
                if let extensions = search.fileExtensions, !extensions.contains(item.fileExtension) { return false }
            } else if search.fileExtensions != nil {
                return false
            }
            guard inRange(item.createdAt, search.createdRange), inRange(item.modifiedAt, search.updatedRange) else { return false }
            if let sizeRange = search.sizeRange, !inRange(size(of: item), sizeRange) { return false }
            let text = haystack.joined(separator: " ").lowercased()
            return terms.allSatisfy { text.contains($0) }
        }
        return results.sorted { ($0.type.rawValue, $0.name, $0.id) < ($1.type.rawValue, $1.name, $1.id) }.map { item in
            SearchHit(item: item, sharedLink: accessLevel(of: principal.userId, to: item.ref) == nil ? visits[item.ref] : nil)
        }
    }
}
