/// The one place that decides who may do what. Areas ask it; none reads roles or admin flags
/// itself, so a rule changes here once:
/// - who administers the enterprise (``isEnterpriseAdmin(_:)``): its admins and co-admins, and
///   the app's service account, as in every admin area of Box;
/// - what a user may do to an item (``ServerState/access(of:to:)``,
///   ``ServerState/authorize(_:_:_:)``): its owner, its collaborators by Box's eight roles
///   (``CollaborationRole``, ``ItemAction``), the folder's collaboration settings, the user's
///   status, and a token restricted to one item only within that item.
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

    /// A user's status (`active`, `inactive`, `cannot_delete_edit`, ...), or `nil` when there is
    /// no such user (any more): what decides whether their tokens still work.
    func userStatus(_ userId: String) -> String? {
        users[userId]?.status
    }

    /// Refuses a caller who does not administer the enterprise with Box's `403`.
    func requireEnterpriseAdmin(_ principal: Principal, _ message: String) throws {
        guard isEnterpriseAdmin(principal) else { throw ServerErrorResponse.forbidden(message) }
    }

    /// What `userId` may do to `item`, or `nil` when they cannot reach it at all: they own it,
    /// or hold roles on it or a folder above it through collaborations (their own or a
    /// group's) that are accepted and not expired on the server clock. An enabled information
    /// barrier between the owner and the user stops every collaboration across it, however old
    /// (an invitation bound later, a group's, one made before the barrier was enabled).
    func access(of userId: String, to item: ItemRef) -> ItemAccess? {
        guard let record = items[item] else { return nil }
        var roles: Set<CollaborationRole> = record.ownerId == userId ? [.owner] : []
        let acrossBarrier = roles.isEmpty && informationBarrierSeparates(record.ownerId, userId) != nil
        var mayInvite = true
        var mayViewCollaborators = true
        let now = currentTime
        for ancestor in lineage(of: item) {
            if let folder = items[ancestor], folder.type == .folder {
                mayInvite = mayInvite && folder.canNonOwnersInvite
                mayViewCollaborators = mayViewCollaborators && folder.canNonOwnersViewCollaborators
            }
            guard roles != [.owner], !acrossBarrier else { continue }
            for collaboration in collaborations.on(ancestor)
            where collaboration.status == "accepted" && grants(collaboration, to: userId) {
                if let expiry = collaboration.expiresAt, expiry <= now { continue }
                if let role = CollaborationRole(rawValue: collaboration.role) { roles.insert(role) }
            }
        }
        guard !roles.isEmpty else { return nil }
        return ItemAccess(
            roles: roles, userStatus: users[userId]?.status ?? "active", nonOwnersMayInvite: mayInvite,
            nonOwnersMayViewCollaborators: mayViewCollaborators, isRoot: record.isRoot)
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

    /// Checks the caller may do `action` to the item and answers what they may do: items they
    /// cannot reach are `404` like Box, an action their access does not allow `403`, and a
    /// token restricted to one item reaches nothing outside it.
    @discardableResult
    func authorize(_ principal: Principal, _ item: ItemRef, _ action: ItemAction = .view) throws -> ItemAccess {
        guard let access = access(of: principal.userId, to: item) ?? linkAccess(principal, to: item) else {
            throw ServerErrorResponse.notFound(item.type.rawValue)
        }
        if let restriction = principal.restrictedTo {
            let allowed = lineage(of: item).contains(restriction)
            if !allowed {
                throw ServerErrorResponse.forbidden("The access token is restricted to a different item.", code: "access_denied_insufficient_permissions")
            }
        }
        guard access.allows(action) else {
            throw ServerErrorResponse.forbidden("Access denied - insufficient permissions", code: "access_denied_insufficient_permissions")
        }
        return access
    }

    /// Whether the caller may do `action` to the item, without saying why not.
    func may(_ principal: Principal, _ action: ItemAction, _ item: ItemRef) -> Bool {
        (try? authorize(principal, item, action)) != nil
    }
}

extension ItemAccess {
    /// What someone who reaches an item only through a shared link may do: exactly `actions`.
    static func viewingOnly(_ item: ItemRecord, actions: Set<ItemAction> = [.view, .preview], userStatus: String = "active") -> ItemAccess {
        ItemAccess(roles: [], userStatus: userStatus, nonOwnersMayInvite: false, nonOwnersMayViewCollaborators: false,
                   isRoot: item.isRoot, linkActions: actions)
    }
}

extension SharedLinkRecord {
    /// What the link lets its holder do, as its settings say (`can_edit` applies to files).
    func actions(on type: ItemType) -> Set<ItemAction> {
        var actions: Set<ItemAction> = [.view]
        if canPreview || canDownload { actions.insert(.preview) }
        if canDownload { actions.insert(.download) }
        if canEdit && type == .file { actions.insert(.editContent) }
        return actions
    }
}

extension ServerState {
    /// What a shared link on the item, or on a folder above it, lets anyone who has it do.
    func sharedLinkAccess(to item: ItemRecord) -> ItemAccess {
        let link = lineage(of: item.ref).lazy.compactMap { self.items[$0]?.sharedLink }.first
        return .viewingOnly(item, actions: link?.actions(on: item.type) ?? [.view, .preview])
    }

    /// What the request's shared link (`BoxApi` header) grants on `item`: nothing unless the
    /// item is the link's or inside its folder.
    func linkAccess(_ principal: Principal, to item: ItemRef) -> ItemAccess? {
        guard let grant = principal.sharedLink, let record = items[item], lineage(of: item).contains(grant.item) else { return nil }
        var actions = grant.actions
        if item.type != .file { actions.remove(.editContent) }
        return .viewingOnly(record, actions: actions, userStatus: users[principal.userId]?.status ?? "active")
    }
}

extension ServerState {
    /// Refuses callers who are not enterprise admins (or the service account), as Box does
    /// for its compliance endpoints.
    func requireComplianceAdmin(_ principal: Principal, for what: String) throws {
        guard isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins may manage \(what).")
        }
    }
}
