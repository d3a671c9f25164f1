/// The one place that decides who may do what. Areas ask it; none reads roles or admin flags
/// itself, so a rule changes here once:
/// - who administers the enterprise (``isEnterpriseAdmin(_:)``): its admins and co-admins, and
///   the app's service account, as in every admin area of Box;
/// - what a user may do to an item (``ServerState/accessLevel(of:to:)``,
///   ``ServerState/authorize(_:_:write:)``): its owner, its collaborators by role, and a token
///   restricted to one item only within that item.
///
/// Whether a token may call an operation at all (its scopes, whether it is restricted) is
/// decided before any area runs, by ``OperationGate``.
enum AccessPolicy {
    /// Whether `user` administers the enterprise: an admin or co-admin, or the app's service
    /// account. Such a user's tokens may also act as others (`As-User`).
    static func isEnterpriseAdmin(_ user: UserRecord?) -> Bool {
        switch user?.role {
        case .admin, .serviceAccount: true
        case .user, .appUser, nil: false
        }
    }
}

extension ServerState {
    /// Whether the caller administers the enterprise (``AccessPolicy/isEnterpriseAdmin(_:)``).
    func isEnterpriseAdmin(_ principal: Principal) -> Bool {
        AccessPolicy.isEnterpriseAdmin(users[principal.userId])
    }

    /// Refuses a caller who does not administer the enterprise with Box's `403`.
    func requireEnterpriseAdmin(_ principal: Principal, _ message: String) throws {
        guard isEnterpriseAdmin(principal) else { throw ServerErrorResponse.forbidden(message) }
    }

    enum AccessLevel: Int, Comparable {
        case viewer = 1
        case editor = 2
        case owner = 3
        static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    func accessLevel(of userId: String, to item: ItemRef) -> AccessLevel? {
        guard let owner = items[item]?.ownerId else { return nil }
        if owner == userId { return .owner }
        var best: AccessLevel?
        for ancestor in lineage(of: item) {
            for collaboration in collaborations.values
            where collaboration.item == ancestor && collaboration.status == "accepted" && grants(collaboration, to: userId) {
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

    /// Whether a collaboration gives `userId` access: it names them, or a group they belong to.
    func grants(_ collaboration: CollaborationRecord, to userId: String) -> Bool {
        if let groupId = collaboration.groupId { return isMember(userId, of: groupId) }
        return !collaboration.userId.isEmpty && collaboration.userId == userId
    }

    /// The users a collaboration reaches: its user, or the members of its group.
    func collaborators(of collaboration: CollaborationRecord) -> Set<String> {
        if let groupId = collaboration.groupId {
            return Set(groupMemberships.values.filter { $0.groupId == groupId }.map(\.userId))
        }
        return collaboration.userId.isEmpty ? [] : [collaboration.userId]
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
}
