import BoxLikeJSON
import Foundation

/// All content state of one server instance: users, the folder tree, files and versions,
/// collaborations, shared links, webhooks, metadata, events and upload sessions.
///
/// One actor owns it so every mutation is serialised and appends its event atomically.
actor ServerState {
    let configuration: BoxLikeServerConfiguration
    /// `http://127.0.0.1:P`, known once the listener is bound.
    var origin = "http://127.0.0.1"
    var enterpriseId = ""
    var enterpriseName = "BoxLike Enterprise"
    var users: [String: UserRecord] = [:]
    var folders: [String: FolderRecord] = [:]
    var files: [String: FileRecord] = [:]
    var webLinks: [String: WebLinkRecord] = [:]
    var collaborations: [String: CollaborationRecord] = [:]
    var webhooks: [String: WebhookRecord] = [:]
    /// Metadata instances by item key (`file_1`) then `scope/templateKey`.
    var metadata: [String: [String: JSONValue]] = [:]
    var events: [EventRecord] = []
    var uploadSessions: [String: UploadSessionRecord] = [:]
    var downloadTickets: [String: DownloadTicket] = [:]
    /// Remaining `202 Retry-After` answers per file id.
    var notReadyDownloads: [String: Int] = [:]
    private var nextIdentifier = 12_000_000
    private var nextStreamPosition = 1

    init(configuration: BoxLikeServerConfiguration) {
        self.configuration = configuration
    }

    func setOrigin(_ origin: String) {
        self.origin = origin
    }

    func newId() -> String {
        nextIdentifier += 1
        return String(nextIdentifier)
    }

    // MARK: - Lookup and access

    func user(_ id: String) throws -> UserRecord {
        guard let user = users[id] else { throw ServerErrorResponse.notFound("user") }
        return user
    }

    /// Maps the API id `0` to the caller's root folder.
    func internalFolderId(_ apiId: String, for userId: String) -> String {
        if apiId == "0" { return users[userId]?.rootFolderId ?? apiId }
        return apiId
    }

    func apiFolderId(_ internalId: String) -> String {
        folders[internalId]?.isRoot == true ? "0" : internalId
    }

    func parentId(of item: ItemRef) -> String? {
        switch item.type {
        case .folder: return folders[item.id]?.parentId
        case .file: return files[item.id]?.parentId
        case .webLink: return webLinks[item.id]?.parentId
        }
    }

    func ownerId(of item: ItemRef) -> String? {
        switch item.type {
        case .folder: return folders[item.id]?.ownerId
        case .file: return files[item.id]?.ownerId
        case .webLink: return webLinks[item.id]?.ownerId
        }
    }

    func exists(_ item: ItemRef) -> Bool { ownerId(of: item) != nil }

    /// The item and its ancestors, nearest first.
    func lineage(of item: ItemRef) -> [ItemRef] {
        var chain = [item]
        var parent = parentId(of: item)
        while let current = parent, chain.count < 1000 {
            chain.append(ItemRef(type: .folder, id: current))
            parent = folders[current]?.parentId
        }
        return chain
    }

    /// Whether `ancestorFolderId` is `item` itself or above it.
    func isWithin(_ item: ItemRef, folder ancestorFolderId: String) -> Bool {
        lineage(of: item).contains(ItemRef(type: .folder, id: ancestorFolderId))
    }

    enum AccessLevel: Int, Comparable {
        case viewer = 1
        case editor = 2
        case owner = 3
        static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    func accessLevel(of userId: String, to item: ItemRef) -> AccessLevel? {
        guard let owner = ownerId(of: item) else { return nil }
        if owner == userId { return .owner }
        var best: AccessLevel?
        for ancestor in lineage(of: item) {
            for collaboration in collaborations.values
            where collaboration.item == ancestor && collaboration.userId == userId && collaboration.status == "accepted" {
                let level: AccessLevel
                switch collaboration.role {
                case "co-owner", "editor", "owner": level = .editor
                default: level = .viewer
                }
                best = max(best ?? level, level)
            }
        }
        return best
    }

    /// Checks the caller may see (or, with `write`, change) the item; unreachable items are 404
    /// like Box, read-only access to a write is 403.
    func authorize(_ principal: Principal, _ item: ItemRef, write: Bool = false) throws {
        guard let level = accessLevel(of: principal.userId, to: item) else {
            throw ServerErrorResponse.notFound(item.type.rawValue)
        }
        if let restriction = principal.restrictedTo {
            let allowed = lineage(of: item).contains(restriction)
            if !allowed {
                throw ServerErrorResponse.forbidden("The access token is restricted to a different item.", code: "access_denied_insufficient_permissions")
            }
        }
        if write && level < .editor {
            throw ServerErrorResponse.forbidden("Access denied - insufficient permissions")
        }
    }

    func folder(_ apiId: String, for principal: Principal, write: Bool = false) throws -> FolderRecord {
        let id = internalFolderId(apiId, for: principal.userId)
        guard let folder = folders[id] else { throw ServerErrorResponse.notFound("folder") }
        try authorize(principal, ItemRef(type: .folder, id: id), write: write)
        return folder
    }

    func file(_ id: String, for principal: Principal, write: Bool = false) throws -> FileRecord {
        guard let file = files[id] else { throw ServerErrorResponse.notFound("file") }
        try authorize(principal, ItemRef(type: .file, id: id), write: write)
        return file
    }

    // MARK: - Children and names

    func children(of folderId: String) -> [ItemRef] {
        let childFolders = folders.values.filter { $0.parentId == folderId }
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
            .map { ItemRef(type: .folder, id: $0.id) }
        let childFiles = files.values.filter { $0.parentId == folderId }
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
            .map { ItemRef(type: .file, id: $0.id) }
        let childLinks = webLinks.values.filter { $0.parentId == folderId }
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
            .map { ItemRef(type: .webLink, id: $0.id) }
        return childFolders + childFiles + childLinks
    }

    func name(of item: ItemRef) -> String? {
        switch item.type {
        case .folder: return folders[item.id]?.name
        case .file: return files[item.id]?.name
        case .webLink: return webLinks[item.id]?.name
        }
    }

    /// Throws `409 item_name_in_use` when a sibling (other than `except`) already has `name`.
    func ensureNameFree(_ name: String, in folderId: String, except: ItemRef? = nil) throws {
        for child in children(of: folderId) where child != except {
            if self.name(of: child)?.lowercased() == name.lowercased() {
                throw ServerErrorResponse.nameInUse(conflicting: [mini(child)])
            }
        }
    }

    func validateName(_ name: String) throws {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || name == "." || name == ".." || name.contains("/") || name.contains("\\") || name.count > 255 {
            throw ServerErrorResponse.badRequest("Item name invalid", code: "item_name_invalid")
        }
    }

    func checkEtag(_ ifMatch: String?, current etag: Int) throws {
        guard let ifMatch, ifMatch != "*" else { return }
        let wanted = ifMatch.trimmingCharacters(in: CharacterSet(charactersIn: "\" W/"))
        if wanted != String(etag) { throw ServerErrorResponse.preconditionFailed() }
    }

    // MARK: - Events

    func recordEvent(_ type: String, by userId: String, source: ItemRef?) {
        var visible: Set<String> = [userId]
        if let source {
            if let owner = ownerId(of: source) { visible.insert(owner) }
            for ancestor in lineage(of: source) {
                for collaboration in collaborations.values where collaboration.item == ancestor {
                    visible.insert(collaboration.userId)
                }
            }
        }
        let event = EventRecord(
            id: UUID().uuidString.lowercased(), position: nextStreamPosition, eventType: type, createdBy: userId,
            createdAt: Date(), source: source, visibleTo: visible)
        nextStreamPosition += 1
        events.append(event)
    }

    var currentStreamPosition: Int { nextStreamPosition - 1 }

    // MARK: - Test switches

    func setNotReady(fileId: String, times: Int) {
        notReadyDownloads[fileId] = times
    }
}
