import BoxLikeJSON
import Foundation

/// A hub and the user minis its rendering needs, read in one actor call.
struct HubSnapshot: Sendable {
    var hub: HubRecord
    var users: [String: JSONValue]
}

/// Hubs: creation, reading, changes, copies and deletion, with access from ownership and hub
/// collaborations. A hub the caller has no access to is not found, as Box answers.
extension HubsState {
    static let hubTitleLimit = 50
    static let hubCopyAccessValues: Set<String> = ["all", "company", "none"]

    // MARK: - Access

    /// The caller's access to a hub: ownership, or the best role of a collaboration naming them
    /// or a group they belong to.
    mutating func hubAccess(core: isolated ServerState, of userId: String, to hub: HubRecord) -> HubAccess? {
        if hub.ownerId == userId { return .owner }
        // A barrier between the owner and the user stops every collaboration across it.
        if core.informationBarrierSeparates(hub.ownerId, userId) != nil { return nil }
        return self.collaborations.values
            .filter { $0.hubId == hub.id && $0.status == "accepted" && hubCollaboration(core: core, $0, reaches: userId) }
            .compactMap { HubAccess(role: $0.role) }
            .max()
    }

    mutating func hubCollaboration(core: isolated ServerState, _ collaboration: HubCollaborationRecord, reaches userId: String) -> Bool {
        if let groupId = collaboration.groupId { return core.isMember(userId, of: groupId) }
        return collaboration.userId == userId
    }

    /// The hub, once the caller has at least `needed` access: 404 without any access, 403 with
    /// too little.
    mutating func hub(core: isolated ServerState, _ id: String, for principal: Principal, needs needed: HubAccess = .viewer) throws -> HubRecord {
        guard let hub = self.hubs[id], let access = hubAccess(core: core, of: principal.userId, to: hub) else {
            throw ServerErrorResponse.notFound("hub")
        }
        guard access >= needed else { throw ServerErrorResponse.forbidden("Access denied - insufficient permissions for this hub") }
        return hub
    }

    mutating func hubSnapshot(core: isolated ServerState, _ hub: HubRecord) -> HubSnapshot {
        var users: [String: JSONValue] = [:]
        for id in [hub.ownerId, hub.updatedBy] { users[id] = core.userMini(id) }
        return HubSnapshot(hub: hub, users: users)
    }

    // MARK: - Hubs

    mutating func createHub(core: isolated ServerState, title: String, description: String?, principal: Principal) throws -> HubSnapshot {
        let title = try Self.validHubTitle(title)
        let now = core.currentTime
        var hub = HubRecord(id: core.newId(), title: title, description: description ?? "", ownerId: principal.userId,
                            createdAt: now, updatedBy: principal.userId, updatedAt: now)
        let page = HubPageRecord(id: core.newId(), parentId: nil, title: title)
        hub.pages = [page]
        if !hub.description.isEmpty {
            hub.blocks.append(HubBlockRecord(id: core.newId(), pageId: page.id, kind: "paragraph", fragment: hub.description))
        }
        hub.blocks.append(HubBlockRecord(id: core.newId(), pageId: page.id, kind: "item_list"))
        self.hubs[hub.id] = hub
        return hubSnapshot(core: core, hub)
    }

    /// A hub as `GET /hubs/{id}` reads it; each read counts as a view.
    mutating func viewHub(core: isolated ServerState, _ id: String, principal: Principal) throws -> HubSnapshot {
        _ = try hub(core: core, id, for: principal)
        self.hubs[id]?.viewCount += 1
        return hubSnapshot(core: core, try hub(core: core, id, for: principal))
    }

    /// Which hubs `GET /hubs` lists for the caller: `all` they can see, the `editable` ones, or
    /// those they may only `view_only`.
    mutating func hubs(core: isolated ServerState, for principal: Principal, query: String?, scope: String, sort: String, direction: String?) throws -> [HubSnapshot] {
        guard ["all", "editable", "view_only"].contains(scope) else {
            throw ServerErrorResponse.badRequest("scope must be one of all, editable, view_only")
        }
        let visible = self.hubs.values.filter { hub in
            guard let access = hubAccess(core: core, of: principal.userId, to: hub) else { return false }
            switch scope {
            case "editable": return access >= .editor
            case "view_only": return access == .viewer
            default: return true
            }
        }
        return try Self.sortedHubs(Self.matching(Array(visible), query: query), sort: sort, direction: direction).map { hubSnapshot(core: core, $0) }
    }

    /// Every hub of the enterprise, for its admins.
    mutating func enterpriseHubs(core: isolated ServerState, principal: Principal, query: String?, sort: String, direction: String?) throws -> [HubSnapshot] {
        guard core.isEnterpriseAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may list the enterprise's hubs.") }
        let all = Array(self.hubs.values)
        return try Self.sortedHubs(Self.matching(all, query: query), sort: sort, direction: direction).map { hubSnapshot(core: core, $0) }
    }

    /// Applies the members of a `PUT /hubs/{id}` body; editors may change a hub, only owners and
    /// co-owners its sharing settings.
    mutating func updateHub(core: isolated ServerState, _ id: String, changes: JSONValue, principal: Principal) throws -> HubSnapshot {
        var hub = try self.hub(core: core, id, for: principal, needs: .editor)
        let settings = ["is_ai_enabled", "is_collaboration_restricted_to_enterprise", "can_non_owners_invite",
                        "can_shared_link_be_created", "can_public_shared_link_be_created", "copy_hub_access"]
        if settings.contains(where: { changes[$0] != nil }), let access = hubAccess(core: core, of: principal.userId, to: hub), access < .coOwner {
            throw ServerErrorResponse.forbidden("Only the owner or co-owners of a hub may change its settings.")
        }
        if let title = changes["title"]?.stringValue {
            hub.title = try Self.validHubTitle(title)
            if let first = hub.pages.indices.first { hub.pages[first].title = hub.title }
        }
        if let description = changes["description"]?.stringValue {
            hub.description = description
            setDescriptionBlock(core: core, of: &hub)
        }
        if let value = changes["is_ai_enabled"]?.boolValue { hub.isAiEnabled = value }
        if let value = changes["is_collaboration_restricted_to_enterprise"]?.boolValue { hub.isCollaborationRestrictedToEnterprise = value }
        if let value = changes["can_non_owners_invite"]?.boolValue { hub.canNonOwnersInvite = value }
        if let value = changes["can_shared_link_be_created"]?.boolValue { hub.canSharedLinkBeCreated = value }
        if let value = changes["can_public_shared_link_be_created"]?.boolValue { hub.canPublicSharedLinkBeCreated = value }
        if let value = changes["copy_hub_access"]?.stringValue {
            guard Self.hubCopyAccessValues.contains(value) else {
                throw ServerErrorResponse.badRequest("copy_hub_access must be one of all, company, none")
            }
            hub.copyHubAccess = value
        }
        hub.updatedBy = principal.userId
        hub.updatedAt = core.currentTime
        self.hubs[id] = hub
        return hubSnapshot(core: core, hub)
    }

    /// Deletes a hub with its collaborations; only its owner may. The content it showed stays
    /// where it is.
    mutating func deleteHub(core: isolated ServerState, _ id: String, principal: Principal) throws {
        _ = try hub(core: core, id, for: principal, needs: .owner)
        self.hubs[id] = nil
        self.collaborations = self.collaborations.filter { $0.value.hubId != id }
    }

    /// A new hub owned by the caller with the title, description and document (pages and
    /// blocks) of `id`; collaborators and settings are not copied. With `includeItems`, the
    /// items the caller may edit (editor, co-owner or owner of the content) come along; item
    /// lists stay either way. `copy_hub_access: none` lets nobody copy the hub.
    mutating func copyHub(core: isolated ServerState, _ id: String, title: String?, description: String?, includeItems: Bool, principal: Principal) throws -> HubSnapshot {
        let source = try hub(core: core, id, for: principal)
        guard source.copyHubAccess != "none" else { throw ServerErrorResponse.forbidden("This hub may not be copied.") }
        let now = core.currentTime
        var copy = HubRecord(id: core.newId(), title: try Self.validHubTitle(title ?? source.title),
                             description: description ?? source.description, ownerId: principal.userId, createdAt: now,
                             updatedBy: principal.userId, updatedAt: now)
        var newIds: [String: String] = [:]
        for page in source.pages { newIds[page.id] = core.newId() }
        for block in source.blocks { newIds[block.id] = core.newId() }
        copy.pages = source.pages.map { page in
            HubPageRecord(id: newIds[page.id] ?? page.id, parentId: page.parentId.flatMap { newIds[$0] }, title: page.title)
        }
        if let first = copy.pages.indices.first { copy.pages[first].title = copy.title }
        copy.blocks = source.blocks.map { block in
            HubBlockRecord(id: newIds[block.id] ?? block.id, pageId: newIds[block.pageId] ?? block.pageId,
                           parentId: block.parentId.flatMap { newIds[$0] }, kind: block.kind, fragment: block.fragment)
        }
        let editable = source.items.filter { placement in
            return core.may(principal, .rename, placement.item)
        }
        copy.items = includeItems
            ? editable.map { HubItemPlacement(item: $0.item, listBlockId: newIds[$0.listBlockId] ?? $0.listBlockId) } : []
        if description != nil { setDescriptionBlock(core: core, of: &copy) }
        self.hubs[copy.id] = copy
        return hubSnapshot(core: core, copy)
    }

    // MARK: - Helpers

    /// Keeps the first paragraph of the first page in step with the hub's description.
    private mutating func setDescriptionBlock(core: isolated ServerState, of hub: inout HubRecord) {
        guard let page = hub.pages.first else { return }
        if let index = hub.blocks.firstIndex(where: { $0.pageId == page.id && $0.kind == "paragraph" }) {
            if hub.description.isEmpty { hub.blocks.remove(at: index) } else { hub.blocks[index].fragment = hub.description }
        } else if !hub.description.isEmpty {
            let at = hub.blocks.firstIndex { $0.pageId == page.id } ?? hub.blocks.endIndex
            hub.blocks.insert(HubBlockRecord(id: core.newId(), pageId: page.id, kind: "paragraph", fragment: hub.description), at: at)
        }
    }

    static func validHubTitle(_ title: String) throws -> String {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ServerErrorResponse.badRequest("title must not be empty") }
        guard trimmed.count <= hubTitleLimit else { throw ServerErrorResponse.badRequest("title must be at most \(hubTitleLimit) characters") }
        return trimmed
    }

    static func matching(_ hubs: [HubRecord], query: String?) -> [HubRecord] {
        guard let query, !query.isEmpty else { return hubs }
        return hubs.filter { $0.title.localizedCaseInsensitiveContains(query) || $0.description.localizedCaseInsensitiveContains(query) }
    }

    /// Orders hubs by `name`, `updated_at`, `last_accessed_at` (the last change here),
    /// `view_count` or `relevance` (most recently changed first).
    static func sortedHubs(_ hubs: [HubRecord], sort: String, direction: String?) throws -> [HubRecord] {
        if let direction, direction != "ASC", direction != "DESC" {
            throw ServerErrorResponse.badRequest("direction must be ASC or DESC")
        }
        let ascending: [HubRecord]
        switch sort {
        case "name": ascending = hubs.sorted { ($0.title.lowercased(), $0.id) < ($1.title.lowercased(), $1.id) }
        case "view_count": ascending = hubs.sorted { ($0.viewCount, $0.id) < ($1.viewCount, $1.id) }
        case "updated_at", "last_accessed_at": ascending = hubs.sorted { ($0.updatedAt, $0.id) < ($1.updatedAt, $1.id) }
        case "relevance":
            let newestFirst = hubs.sorted { ($0.updatedAt, $0.id) > ($1.updatedAt, $1.id) }
            return direction == "ASC" ? newestFirst.reversed() : newestFirst
        default: throw ServerErrorResponse.badRequest("sort must be one of name, updated_at, last_accessed_at, view_count, relevance")
        }
        return direction == "DESC" ? ascending.reversed() : ascending
    }
}
