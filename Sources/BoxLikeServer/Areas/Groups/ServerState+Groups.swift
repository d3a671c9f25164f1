import BoxLikeJSON
import Foundation

/// Groups and memberships. Enterprise admins manage every group; a group's own admins
/// manage its members; members see their groups, and the members of them when the group's
/// `member_viewability_level` lets them.
extension ServerState {
    static let groupLevels: Set<String> = ["admins_only", "admins_and_members", "all_managed_users"]

    /// The properties a create or update request may set.
    struct GroupChanges: Sendable {
        var name: String?
        var description: String?
        var provenance: String?
        var externalSyncIdentifier: String?
        var invitabilityLevel: String?
        var memberViewabilityLevel: String?
    }

    func isMember(_ userId: String, of groupId: String) -> Bool {
        groupMemberships.values.contains { $0.groupId == groupId && $0.userId == userId }
    }

    func isGroupAdmin(_ principal: Principal, of groupId: String) -> Bool {
        groupMemberships.values.contains { $0.groupId == groupId && $0.userId == principal.userId && $0.role == "admin" }
    }

    // MARK: - Groups

    func createGroup(_ changes: GroupChanges, principal: Principal) throws -> GroupRecord {
        guard isEnterpriseAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may create groups.") }
        // The validation middleware refuses a create without `name`, which the spec requires.
        guard let name = changes.name else { throw ServerErrorResponse.specMismatch("name") }
        try ensureGroupNameFree(name, except: nil)
        let now = currentTime
        var group = GroupRecord(id: newId(), name: name, createdAt: now, modifiedAt: now)
        try apply(changes, to: &group)
        groups[group.id] = group
        recordEvent("GROUP_CREATION", by: principal.userId, source: nil)
        return group
    }

    /// A group the principal may see: enterprise admins see all, others the groups they are in.
    func group(_ id: String, principal: Principal) throws -> GroupRecord {
        guard let group = groups[id], isEnterpriseAdmin(principal) || isMember(principal.userId, of: id) else {
            throw ServerErrorResponse.notFound("group")
        }
        return group
    }

    /// The groups the principal may see whose name starts with `filter`, by name.
    func groups(filter: String?, principal: Principal) -> [GroupRecord] {
        let visible = groups.values.filter { isEnterpriseAdmin(principal) || isMember(principal.userId, of: $0.id) }
        let prefix = filter?.lowercased() ?? ""
        return visible.filter { prefix.isEmpty || $0.name.lowercased().hasPrefix(prefix) }
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    func updateGroup(_ id: String, _ changes: GroupChanges, principal: Principal) throws -> GroupRecord {
        var group = try group(id, principal: principal)
        guard isEnterpriseAdmin(principal) || isGroupAdmin(principal, of: id) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins and the group's admins may change it.")
        }
        if let name = changes.name, name != group.name {
            try ensureGroupNameFree(name, except: id)
            group.name = name
        }
        try apply(changes, to: &group)
        group.modifiedAt = currentTime
        groups[id] = group
        return group
    }

    /// Deletes a group with its memberships and the collaborations that named it.
    func deleteGroup(_ id: String, principal: Principal) throws {
        _ = try group(id, principal: principal)
        guard isEnterpriseAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may delete groups.") }
        groups[id] = nil
        groupMemberships = groupMemberships.filter { $0.value.groupId != id }
        collaborations.removeAll { $0.groupId == id }
        recordEvent("GROUP_DELETION", by: principal.userId, source: nil)
    }

    private func apply(_ changes: GroupChanges, to group: inout GroupRecord) throws {
        for level in [changes.invitabilityLevel, changes.memberViewabilityLevel].compactMap({ $0 })
        where !Self.groupLevels.contains(level) {
            throw ServerErrorResponse.badRequest("'\(level)' is not one of \(Self.groupLevels.sorted().joined(separator: ", "))")
        }
        if let description = changes.description { group.description = description }
        if let provenance = changes.provenance { group.provenance = provenance }
        if let identifier = changes.externalSyncIdentifier { group.externalSyncIdentifier = identifier }
        if let level = changes.invitabilityLevel { group.invitabilityLevel = level }
        if let level = changes.memberViewabilityLevel { group.memberViewabilityLevel = level }
    }

    private func ensureGroupNameFree(_ name: String, except id: String?) throws {
        if let clash = groups.values.first(where: { $0.name.lowercased() == name.lowercased() && $0.id != id }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "A group with this name already exists",
                                      contextInfo: ["conflicts": .array([groupMini(clash.id)])])
        }
    }

    func groupMini(_ id: String) -> JSONValue {
        guard let group = groups[id] else { return ["type": "group", "id": .string(id)] }
        return ["type": "group", "id": .string(group.id), "name": .string(group.name), "group_type": "managed_group"]
    }

}
