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

    private func isEnterpriseAdmin(_ principal: Principal) -> Bool {
        users[principal.userId]?.mayActAsOthers ?? false
    }

    private func isGroupAdmin(_ principal: Principal, of groupId: String) -> Bool {
        groupMemberships.values.contains { $0.groupId == groupId && $0.userId == principal.userId && $0.role == "admin" }
    }

    // MARK: - Groups

    func createGroup(_ changes: GroupChanges, principal: Principal) throws -> GroupRecord {
        guard isEnterpriseAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may create groups.") }
        guard let name = changes.name else { throw ServerErrorResponse.badRequest("name is required") }
        try ensureGroupNameFree(name, except: nil)
        let now = Date()
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
        group.modifiedAt = Date()
        groups[id] = group
        return group
    }

    /// Deletes a group with its memberships and the collaborations that named it.
    func deleteGroup(_ id: String, principal: Principal) throws {
        _ = try group(id, principal: principal)
        guard isEnterpriseAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may delete groups.") }
        groups[id] = nil
        groupMemberships = groupMemberships.filter { $0.value.groupId != id }
        collaborations = collaborations.filter { $0.value.groupId != id }
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

    func renderGroup(_ group: GroupRecord, fields: FieldSelection = FieldSelection(query: [:])) -> JSONValue {
        let full: [String: JSONValue] = [
            "type": "group", "id": .string(group.id), "name": .string(group.name), "group_type": "managed_group",
            "description": .string(group.description),
            "provenance": group.provenance.map(JSONValue.string) ?? .null,
            "external_sync_identifier": group.externalSyncIdentifier.map(JSONValue.string) ?? .null,
            "invitability_level": .string(group.invitabilityLevel),
            "member_viewability_level": .string(group.memberViewabilityLevel),
            "created_at": Timestamp.json(group.createdAt), "modified_at": Timestamp.json(group.modifiedAt),
        ]
        return fields.apply(full, standard: Set(full.keys))
    }

    // MARK: - Memberships

    func addMember(userId: String, groupId: String, role: String?, principal: Principal) throws -> GroupMembershipRecord {
        _ = try group(groupId, principal: principal)
        guard isEnterpriseAdmin(principal) || isGroupAdmin(principal, of: groupId) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins and the group's admins may add members.")
        }
        guard users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        let memberRole = try Self.membershipRole(role) ?? "member"
        if isMember(userId, of: groupId) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The user is already a member of the group")
        }
        let now = Date()
        let membership = GroupMembershipRecord(id: newId(), groupId: groupId, userId: userId, role: memberRole, createdAt: now, modifiedAt: now)
        groupMemberships[membership.id] = membership
        recordEvent("GROUP_ADD_USER", by: principal.userId, source: nil)
        return membership
    }

    /// A membership the principal may see: their own, any in a group they belong to, or any
    /// in a group whose members they may list.
    func membership(_ id: String, principal: Principal) throws -> GroupMembershipRecord {
        guard let membership = groupMemberships[id] else { throw ServerErrorResponse.notFound("group_membership") }
        if membership.userId == principal.userId || isMember(principal.userId, of: membership.groupId) { return membership }
        guard (try? members(ofGroup: membership.groupId, principal: principal)) != nil else {
            throw ServerErrorResponse.notFound("group_membership")
        }
        return membership
    }

    /// The memberships of a group, oldest first, for whoever may see them.
    func members(ofGroup groupId: String, principal: Principal) throws -> [GroupMembershipRecord] {
        let group = try group(groupId, principal: principal)
        let allowed = isEnterpriseAdmin(principal) || isGroupAdmin(principal, of: groupId)
            || group.memberViewabilityLevel != "admins_only"
        guard allowed else { throw ServerErrorResponse.forbidden("The group's members are visible to its admins only.") }
        return groupMemberships.values.filter { $0.groupId == groupId }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// A user's memberships; admins may ask about anyone, users about themselves.
    func memberships(ofUser userId: String, principal: Principal) throws -> [GroupMembershipRecord] {
        guard users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        guard userId == principal.userId || isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only admins may see the groups of another user.")
        }
        return groupMemberships.values.filter { $0.userId == userId }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    func updateMembership(_ id: String, role: String?, principal: Principal) throws -> GroupMembershipRecord {
        var membership = try membership(id, principal: principal)
        guard isEnterpriseAdmin(principal) || isGroupAdmin(principal, of: membership.groupId) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins and the group's admins may change memberships.")
        }
        if let role = try Self.membershipRole(role) { membership.role = role }
        membership.modifiedAt = Date()
        groupMemberships[id] = membership
        return membership
    }

    func removeMembership(_ id: String, principal: Principal) throws {
        let membership = try membership(id, principal: principal)
        guard isEnterpriseAdmin(principal) || isGroupAdmin(principal, of: membership.groupId) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins and the group's admins may remove members.")
        }
        groupMemberships[id] = nil
        recordEvent("GROUP_REMOVE_USER", by: principal.userId, source: nil)
    }

    /// The collaborations that give a group access.
    func collaborations(ofGroup groupId: String, principal: Principal) throws -> [CollaborationRecord] {
        _ = try group(groupId, principal: principal)
        return collaborations.values.filter { $0.groupId == groupId }.sorted { $0.id < $1.id }
    }

    func renderMembership(_ membership: GroupMembershipRecord, fields: FieldSelection = FieldSelection(query: [:])) -> JSONValue {
        let full: [String: JSONValue] = [
            "type": "group_membership", "id": .string(membership.id),
            "user": userMini(membership.userId), "group": groupMini(membership.groupId), "role": .string(membership.role),
            "created_at": Timestamp.json(membership.createdAt), "modified_at": Timestamp.json(membership.modifiedAt),
        ]
        return fields.apply(full, standard: Set(full.keys))
    }

    private static func membershipRole(_ text: String?) throws -> String? {
        guard let text else { return nil }
        guard text == "member" || text == "admin" else { throw ServerErrorResponse.badRequest("role must be member or admin") }
        return text
    }
}
