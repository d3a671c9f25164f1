import BoxLikeJSON
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
    /// Only items these users own (`owner_user_ids`).
    var ownerUserIds: Set<String>?
    /// Only items these users changed last (`recent_updater_user_ids`).
    var recentUpdaterUserIds: Set<String>?
    /// Which items count: `non_trashed_only` (the default), `trashed_only` or `all_items`.
    var trashContent = "non_trashed_only"
    /// Only items these users moved to the trash (`deleted_user_ids`, with `trashed_only`).
    var deletedUserIds: Set<String>?
    /// Only items moved to the trash in this window (`deleted_at_range`, with `trashed_only`).
    var deletedRange: (Date?, Date?)?
    /// Metadata the items must have (`mdfilters`): each filter names a template and values
    /// its instance must hold, exactly or within `gt`/`lt` bounds.
    var metadataFilters: [MetadataFilter] = []

    /// One entry of `mdfilters`.
    struct MetadataFilter: Sendable {
        var scope: String
        var templateKey: String
        var filters: [String: JSONValue]
    }
}

/// One search hit: the item, and the shared link the caller reached it through when that is
/// their only way to it.
struct SearchHit: Sendable {
    var item: ItemRecord
    /// How well the item answers the query's words (more is better).
    var relevance: Int
    var sharedLink: String?
}

/// The items each user opened through a shared link (`GET /shared_items`), with the link.
struct SharedLinkVisitsState: AreaState {
    var linksByUser: [String: [ItemRef: String]] = [:]
}

extension ServerState {
    /// Whether the item's instance of the filter's template holds the filter's values.
    private func matches(_ filter: SearchQuery.MetadataFilter, _ item: ItemRef) -> Bool {
        guard let instance = metadata[Self.metadataKey(item)]?["\(templateScope(filter.scope))/\(filter.templateKey)"] else {
            return false
        }
        return filter.filters.allSatisfy { key, wanted in
            guard let value = instance[key] else { return false }
            if case .object(let bounds) = wanted, bounds["gt"] != nil || bounds["lt"] != nil {
                return Self.compare(value, bounds["gt"]) { $0 >= $1 } && Self.compare(value, bounds["lt"]) { $0 <= $1 }
            }
            if case .array(let options) = wanted, case .array(let held) = value { return options.allSatisfy(held.contains) }
            return value == wanted
        }
    }

    /// Compares a metadata value with a bound (numbers as numbers, dates and text as text);
    /// no bound always holds.
    private static func compare(_ value: JSONValue, _ bound: JSONValue?, _ holds: (Double, Double) -> Bool) -> Bool {
        guard let bound else { return true }
        if let number = Self.number(value), let limit = Self.number(bound) { return holds(number, limit) }
        guard let text = value.stringValue, let limit = bound.stringValue else { return false }
        return holds(Double(text.compare(limit).rawValue), 0)
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let integer): Double(integer)
        case .number(let number): number
        default: nil
        }
    }

    /// Remembers that `userId` opened `item` through the shared link `url`.
    func noteSharedLinkVisit(_ item: ItemRef, url: String, by userId: String) {
        self[area: SharedLinkVisitsState.self].linksByUser[userId, default: [:]][item] = url
    }

    /// The items matching `search` that the principal may see, by type, name and id.
    func search(_ search: SearchQuery, principal: Principal) throws -> [SearchHit] {
        let visits = search.includeRecentSharedLinks ? self[area: SharedLinkVisitsState.self].linksByUser[principal.userId] ?? [:] : [:]
        let ancestors = try search.ancestorFolderIds?.map { try folder($0, for: principal).id }
        let contentTypes = search.contentTypes ?? ["name", "description", "file_content", "tags"]
        let expression = SearchQueryText.parse(search.query ?? "")
        let sought = expression.soughtTerms
        func inRange<T: Comparable>(_ value: T, _ range: (T?, T?)?) -> Bool {
            guard let range else { return true }
            if let low = range.0, value < low { return false }
            if let high = range.1, value > high { return false }
            return true
        }
        // Each match with its relevance: one point for each sought term it has, two more for
        // each that is in its name.
        let results: [(item: ItemRecord, relevance: Int)] = items.values.compactMap { item in
            guard !item.isRoot, search.type == nil || search.type == item.type.rawValue else { return nil }
            switch search.trashContent {
            case "trashed_only":
                guard item.isTrashed else { return nil }
                if let deleters = search.deletedUserIds, !deleters.contains(item.modifiedBy) { return nil }
                if let trashedAt = item.trashedAt, !inRange(trashedAt, search.deletedRange) { return nil }
            case "all_items": break
            default: guard !isInTrash(item.ref) else { return nil }
            }
            if let owners = search.ownerUserIds, !owners.contains(item.ownerId) { return nil }
            if let updaters = search.recentUpdaterUserIds, !updaters.contains(item.modifiedBy) { return nil }
            guard search.metadataFilters.allSatisfy({ matches($0, item.ref) }) else { return nil }
            guard access(of: principal.userId, to: item.ref) != nil || visits[item.ref] != nil else { return nil }
            if let restriction = principal.restrictedTo, !lineage(of: item.ref).contains(restriction) { return nil }
            if let ancestors, !ancestors.contains(where: { isWithin(item.ref, folder: $0) && item.ref != .folder($0) }) {
                return nil
            }
            var haystack: [String] = []
            if contentTypes.contains("name") { haystack.append(item.name) }
            if contentTypes.contains("description") { haystack.append(item.description) }
            if contentTypes.contains("tags") { haystack += item.tags }
            if let file = item.file {
                if contentTypes.contains("file_content"), let text = file.currentVersion.content.smallText() { haystack.append(text) }
                if let extensions = search.fileExtensions, !extensions.contains(item.fileExtension) { return nil }
            } else if search.fileExtensions != nil {
                return nil
            }
            guard inRange(item.createdAt, search.createdRange), inRange(item.modifiedAt, search.updatedRange) else { return nil }
            if let sizeRange = search.sizeRange, !inRange(size(of: item), sizeRange) { return nil }
            let text = SearchableText(haystack.joined(separator: " "))
            guard expression.matches(text) else { return nil }
            let name = SearchableText(item.name)
            let relevance = sought.reduce(0) { total, term in
                total + (term.matches(name) ? 2 : 0) + (term.matches(text) ? 1 : 0)
            }
            return (item, relevance)
        }
        // Most relevant first (Box's order), then by kind and name so equals keep one order.
        return results.sorted { left, right in
            if left.relevance != right.relevance { return left.relevance > right.relevance }
            return (left.item.type.rawValue, left.item.name, left.item.id) < (right.item.type.rawValue, right.item.name, right.item.id)
        }.map { match in
            SearchHit(item: match.item, relevance: match.relevance,
                      sharedLink: access(of: principal.userId, to: match.item.ref) == nil ? visits[match.item.ref] : nil)
        }
    }
}
