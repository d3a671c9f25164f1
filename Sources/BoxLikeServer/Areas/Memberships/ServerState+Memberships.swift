import BoxLikeJSON
import Foundation

/// Users' memberships of groups.
extension ServerState {
    // MARK: - Memberships

    /// Adds a user to a group; `permissions` (``GroupMembershipRecord/configurablePermissions(in:)``)
    /// say what they may do as an admin of it.
    func addMember(
        userId: String, groupId: String, role: String?, permissions: [String: Bool]? = nil, principal: Principal
    ) throws -> GroupMembershipView {
        _ = try group(groupId, principal: principal)
        guard isEnterpriseAdmin(principal) || isGroupAdmin(principal, of: groupId) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins and the group's admins may add members.")
        }
        guard users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        let memberRole = try Self.membershipRole(role) ?? "member"
        if isMember(userId, of: groupId) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "The user is already a member of the group")
        }
        try checkInformationBarrier(joining: userId, group: groupId, by: principal.userId)
        let now = currentTime
        let membership = GroupMembershipRecord(
            id: newId(), groupId: groupId, userId: userId, role: memberRole, configurablePermissions: permissions,
            createdAt: now, modifiedAt: now)
        groupMemberships[membership.id] = membership
        recordEvent("GROUP_ADD_USER", by: principal.userId, source: nil)
        return view(of: membership)
    }

    /// A membership the principal may see: their own, any in a group they belong to, or any
    /// in a group whose members they may list.
    func membership(_ id: String, principal: Principal) throws -> GroupMembershipView {
        view(of: try visibleMembership(id, principal: principal))
    }

    private func visibleMembership(_ id: String, principal: Principal) throws -> GroupMembershipRecord {
        guard let membership = groupMemberships[id] else { throw ServerErrorResponse.notFound("group_membership") }
        if membership.userId == principal.userId || isMember(principal.userId, of: membership.groupId) { return membership }
        guard (try? members(ofGroup: membership.groupId, principal: principal)) != nil else {
            throw ServerErrorResponse.notFound("group_membership")
        }
        return membership
    }

    /// The memberships of a group, oldest first, for whoever may see them.
    func members(ofGroup groupId: String, principal: Principal) throws -> [GroupMembershipView] {
        let group = try group(groupId, principal: principal)
        let allowed = isEnterpriseAdmin(principal) || isGroupAdmin(principal, of: groupId)
            || group.memberViewabilityLevel != "admins_only"
        guard allowed else { throw ServerErrorResponse.forbidden("The group's members are visible to its admins only.") }
        return groupMemberships.values.filter { $0.groupId == groupId }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            .map { view(of: $0) }
    }

    /// A user's memberships; admins may ask about anyone, users about themselves.
    func memberships(ofUser userId: String, principal: Principal) throws -> [GroupMembershipView] {
        guard users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        guard userId == principal.userId || isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only admins may see the groups of another user.")
        }
        return groupMemberships.values.filter { $0.userId == userId }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            .map { view(of: $0) }
    }

    /// Changes a membership's role and, when given, what its user may do as an admin of the
    /// group (the permissions replace the ones set before).
    func updateMembership(
        _ id: String, role: String?, permissions: [String: Bool]? = nil, principal: Principal
    ) throws -> GroupMembershipView {
        var membership = try visibleMembership(id, principal: principal)
        guard isEnterpriseAdmin(principal) || isGroupAdmin(principal, of: membership.groupId) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins and the group's admins may change memberships.")
        }
        if let role = try Self.membershipRole(role) { membership.role = role }
        if let permissions { membership.configurablePermissions = permissions }
        membership.modifiedAt = currentTime
        groupMemberships[id] = membership
        return view(of: membership)
    }

    func removeMembership(_ id: String, principal: Principal) throws {
        let membership = try visibleMembership(id, principal: principal)
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

    private func view(of membership: GroupMembershipRecord) -> GroupMembershipView {
        GroupMembershipView(membership: membership, user: userMini(membership.userId), group: groupMini(membership.groupId))
    }

    private static func membershipRole(_ text: String?) throws -> String? {
        guard let text else { return nil }
        guard text == "member" || text == "admin" else { throw ServerErrorResponse.badRequest("role must be member or admin") }
        return text
    }
}
