import Foundation

/// Collaborations: users and groups given a role on a folder or file.
extension ServerState {
    // MARK: - Collaborations

    /// Gives a user (by id or login), or a group, a role on an item. A login without an
    /// account becomes a pending invitation to that address, as Box does; it binds to the
    /// user created with that login later.
    func createCollaboration(item: ItemRef, granteeType: String, granteeId: String?, login: String?, role: String,
                             expiresAt: Date?? = nil, principal: Principal) throws -> CollaborationRecord {
        try authorizeGranting(role, on: item, principal: principal)
        let now = currentTime
        var collaboration = CollaborationRecord(
            id: newId(), item: item, userId: "", role: role, createdBy: principal.userId, createdAt: now, modifiedAt: now)
        if let expiresAt { collaboration.expiresAt = expiresAt }
        switch granteeType {
        case "group":
            guard let granteeId, groups[granteeId] != nil else { throw ServerErrorResponse.notFound("group") }
            if collaborations.on(item).contains(where: { $0.groupId == granteeId }) {
                throw ServerErrorResponse(.conflict, code: "user_already_collaborator", message: "Group is already a collaborator")
            }
            collaboration.groupId = granteeId
        case "user":
            let target: UserRecord?
            if let granteeId { target = users[granteeId] } else if let login { target = user(login: login) } else { target = nil }
            if let target {
                if items[item]?.ownerId == target.id || collaborations.on(item).contains(where: { $0.userId == target.id }) {
                    throw ServerErrorResponse(.conflict, code: "user_already_collaborator", message: "User is already a collaborator")
                }
                collaboration.userId = target.id
            } else if granteeId == nil, let login {
                guard Self.looksLikeEmail(login) else { throw ServerErrorResponse.badRequest("accessible_by.login must be an email address") }
                if lineage(of: item).contains(where: { items[$0]?.isCollaborationRestrictedToEnterprise ?? false }) {
                    throw ServerErrorResponse.forbidden(
                        "Collaboration on this folder is restricted to users of the enterprise.", code: "access_denied_insufficient_permissions")
                }
                try self[area: AllowlistState.self].checkAllowlist(core: self, inviting: login, by: principal.userId)
                if collaborations.on(item).contains(where: { $0.inviteEmail?.lowercased() == login.lowercased() }) {
                    throw ServerErrorResponse(.conflict, code: "user_already_collaborator", message: "User is already invited")
                }
                collaboration.inviteEmail = login
                collaboration.status = "pending"
            } else {
                throw ServerErrorResponse.notFound("user")
            }
        default:
            throw ServerErrorResponse.badRequest("accessible_by.type must be user or group")
        }
        try checkInformationBarrier(collaborationOn: item, reaching: collaborators(of: collaboration), by: principal.userId)
        collaborations[collaboration.id] = collaboration
        recordEvent(collaboration.inviteEmail == nil ? "COLLAB_ADD_COLLABORATOR" : "COLLAB_INVITE_COLLABORATOR",
                    by: principal.userId, source: item)
        return collaboration
    }

    /// Checks the caller may give `role` on `item` (and, with `replacing`, change or remove a
    /// collaboration that has that role): owners and co-owners give any role but `owner`,
    /// editors up to `editor` while the folder lets non-owners invite; nobody else.
    private func authorizeGranting(_ role: String, on item: ItemRef, replacing existing: String? = nil, principal: Principal) throws {
        guard let granted = CollaborationRole(rawValue: role), granted != .owner else {
            throw ServerErrorResponse.badRequest("role must be one of \(CollaborationRole.grantable.map(\.rawValue).joined(separator: ", "))")
        }
        let access = try authorize(principal, item, .invite)
        let invitable = access.invitableRoles
        guard invitable.contains(granted), existing.flatMap(CollaborationRole.init(rawValue:)).map(invitable.contains) ?? true else {
            throw ServerErrorResponse.forbidden("You cannot give or change the role \(role) on this item.")
        }
    }

    /// Binds the pending invitations to `login` to the user just created with it.
    func bindInvitations(to user: UserRecord) {
        for (id, collaboration) in collaborations where collaboration.inviteEmail?.lowercased() == user.login.lowercased() {
            var bound = collaboration
            bound.userId = user.id
            bound.inviteEmail = nil
            collaborations[id] = bound
        }
    }

    static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(where: \.isWhitespace)
    }

    /// The collaborations offered to the caller that they have neither accepted nor rejected yet,
    /// oldest first.
    func pendingCollaborations(of principal: Principal) -> [CollaborationRecord] {
        collaborations.values.filter { $0.status == "pending" && grants($0, to: principal.userId) }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    func collaboration(_ id: String, principal: Principal) throws -> CollaborationRecord {
        guard let collaboration = collaborations[id] else { throw ServerErrorResponse.notFound("collaboration") }
        if !grants(collaboration, to: principal.userId) { try authorize(principal, collaboration.item, .viewCollaborators) }
        return collaboration
    }

    /// Changes a collaboration's role or status. The role `owner` transfers the item to the
    /// collaborator instead, as Box does: the collaboration goes, the previous owner becomes an
    /// `editor` of the item, and the answer is `nil` (Box's `204` without a body).
    func updateCollaboration(_ id: String, role: String?, status: String?, expiresAt: Date?? = nil,
                             principal: Principal) throws -> CollaborationRecord? {
        var collaboration = try collaboration(id, principal: principal)
        if role == "owner" {
            try transferOwnership(of: collaboration, principal: principal)
            return nil
        }
        var events: [String] = []
        if let role {
            try authorizeGranting(role, on: collaboration.item, replacing: collaboration.role, principal: principal)
            collaboration.role = role
            events.append("COLLAB_ROLE_CHANGE")
        }
        if let expiresAt {
            try authorizeGranting(collaboration.role, on: collaboration.item, replacing: collaboration.role, principal: principal)
            collaboration.expiresAt = expiresAt
        }
        if let status, status != collaboration.status {
            guard grants(collaboration, to: principal.userId) else {
                throw ServerErrorResponse.forbidden("Only the invitee can accept or reject a collaboration.")
            }
            collaboration.status = status
            switch status {
            case "accepted": events.append(EventTypes.collaborationAccept)
            case "rejected": events.append(EventTypes.collaborationReject)
            default: break
            }
        }
        collaboration.modifiedAt = currentTime
        collaborations[id] = collaboration
        for event in events.isEmpty ? ["COLLAB_ROLE_CHANGE"] : events {
            recordEvent(event, by: principal.userId, source: collaboration.item)
        }
        return collaboration
    }

    /// Makes a collaboration's user the owner of its item (and of what the previous owner owned
    /// inside it); the previous owner keeps access as an `editor`.
    private func transferOwnership(of collaboration: CollaborationRecord, principal: Principal) throws {
        guard let item = items[collaboration.item] else { throw ServerErrorResponse.notFound(collaboration.item.type.rawValue) }
        let previousOwner = item.ownerId
        guard principal.userId == previousOwner else {
            throw ServerErrorResponse.forbidden("Only the owner of an item can transfer it to a collaborator.")
        }
        guard collaboration.groupId == nil, !collaboration.userId.isEmpty, collaboration.status == "accepted" else {
            throw ServerErrorResponse.badRequest("Only an accepted collaboration of a user can become the owner.")
        }
        let newOwner = collaboration.userId
        try checkInformationBarrier(transferringOwnershipOf: collaboration.item, from: previousOwner, to: newOwner, by: principal.userId)
        var moving = [collaboration.item]
        var index = 0
        while index < moving.count {
            let ref = moving[index]
            if items[ref]?.ownerId == previousOwner { items[ref]?.ownerId = newOwner }
            if ref.type == .folder {
                moving.append(contentsOf: items.children(of: ref.id).map(\.ref))
            }
            index += 1
        }
        collaborations[collaboration.id] = nil
        let now = currentTime
        let kept = CollaborationRecord(
            id: newId(), item: collaboration.item, userId: previousOwner, role: "editor", createdBy: principal.userId,
            createdAt: now, modifiedAt: now)
        collaborations[kept.id] = kept
        recordEvent("COLLAB_ROLE_CHANGE", by: principal.userId, source: collaboration.item)
    }

    func deleteCollaboration(_ id: String, principal: Principal) throws {
        let collaboration = try collaboration(id, principal: principal)
        if collaboration.userId != principal.userId || collaboration.userId.isEmpty {
            try authorizeGranting(CollaborationRole.viewer.rawValue, on: collaboration.item, replacing: collaboration.role, principal: principal)
        }
        collaborations[id] = nil
        recordEvent("COLLAB_REMOVE_COLLABORATOR", by: principal.userId, source: collaboration.item)
    }

    func collaborations(on item: ItemRef, principal: Principal) throws -> [CollaborationRecord] {
        try authorize(principal, item, .viewCollaborators)
        return collaborations.on(item).sorted { $0.id < $1.id }
    }
}
