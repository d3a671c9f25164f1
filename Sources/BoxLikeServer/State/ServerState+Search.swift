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
}

extension ServerState {
    func search(_ search: SearchQuery, principal: Principal) throws -> [ItemRef] {
        let ancestors = try search.ancestorFolderIds?.map { try folder($0, for: principal).id }
        let contentTypes = search.contentTypes ?? ["name", "description", "file_content", "tags"]
        let terms = (search.query ?? "").lowercased().split(separator: " ").map(String.init)
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }.filter { !$0.isEmpty }
        var candidates: [ItemRef] = []
        if search.type == nil || search.type == "folder" {
            candidates += folders.values.filter { !$0.isRoot }.map { ItemRef(type: .folder, id: $0.id) }
        }
        if search.type == nil || search.type == "file" {
            candidates += files.values.map { ItemRef(type: .file, id: $0.id) }
        }
        if search.type == nil || search.type == "web_link" {
            candidates += webLinks.values.map { ItemRef(type: .webLink, id: $0.id) }
        }
        func inRange<T: Comparable>(_ value: T, _ range: (T?, T?)?) -> Bool {
            guard let range else { return true }
            if let low = range.0, value < low { return false }
            if let high = range.1, value > high { return false }
            return true
        }
        let results = candidates.filter { item in
            guard accessLevel(of: principal.userId, to: item) != nil else { return false }
            if let restriction = principal.restrictedTo, !lineage(of: item).contains(restriction) { return false }
            if let ancestors, !ancestors.contains(where: { isWithin(item, folder: $0) && item != ItemRef(type: .folder, id: $0) }) {
                return false
            }
            var haystack: [String] = []
            var created = Date.distantPast
            var updated = Date.distantPast
            var size = 0
            switch item.type {
            case .folder:
                guard let folder = folders[item.id] else { return false }
                if contentTypes.contains("name") { haystack.append(folder.name) }
                if contentTypes.contains("description") { haystack.append(folder.description) }
                if contentTypes.contains("tags") { haystack += folder.tags }
                created = folder.createdAt
                updated = folder.modifiedAt
                size = folderSize(folder.id)
                if search.fileExtensions != nil { return false }
            case .file:
                guard let file = files[item.id] else { return false }
                if contentTypes.contains("name") { haystack.append(file.name) }
                if contentTypes.contains("description") { haystack.append(file.description) }
                if contentTypes.contains("tags") { haystack += file.tags }
                if contentTypes.contains("file_content"), let text = file.current?.content.smallText() { haystack.append(text) }
                if let extensions = search.fileExtensions, !extensions.contains(file.fileExtension) { return false }
                created = file.createdAt
                updated = file.modifiedAt
                size = file.current?.content.size ?? 0
            case .webLink:
                guard let link = webLinks[item.id] else { return false }
                if contentTypes.contains("name") { haystack.append(link.name) }
                if contentTypes.contains("description") { haystack.append(link.description) }
                if search.fileExtensions != nil { return false }
                created = link.createdAt
                updated = link.modifiedAt
            }
            guard inRange(created, search.createdRange), inRange(updated, search.updatedRange), inRange(size, search.sizeRange) else {
                return false
            }
            let text = haystack.joined(separator: " ").lowercased()
            return terms.allSatisfy { text.contains($0) }
        }
        return results.sorted { ($0.type.rawValue, name(of: $0) ?? "", $0.id) < ($1.type.rawValue, name(of: $1) ?? "", $1.id) }
    }
}
