import Foundation

extension ServerState {
    func applySharedLink(_ change: ItemUpdate.SharedLinkChange, to existing: SharedLinkRecord?, events: inout [String]) throws -> SharedLinkRecord? {
        switch change {
        case .unchanged:
            return existing
        case .remove:
            if existing != nil { events.append("ITEM_SHARED_UNSHARE") }
            return nil
        case .set(let access, let password, let unsharedAt, let canDownload, let canEdit, let vanityName):
            let accessLevel = access ?? existing?.access ?? "open"
            guard ["open", "company", "collaborators"].contains(accessLevel) else {
                throw ServerErrorResponse.badRequest("Invalid shared link access level")
            }
            var link = existing ?? SharedLinkRecord(
                token: TokenRegistry.randomToken(length: 32).lowercased(), access: accessLevel, password: nil,
                unsharedAt: nil, canDownload: true, canPreview: true, canEdit: false, vanityName: nil, createdAt: Date())
            link.access = accessLevel
            if let password { link.password = password }
            if let unsharedAt { link.unsharedAt = unsharedAt }
            if let canDownload { link.canDownload = canDownload }
            if let canEdit { link.canEdit = canEdit }
            if let vanityName { link.vanityName = vanityName }
            events.append(existing == nil ? "ITEM_SHARED_CREATE" : "ITEM_SHARED_UPDATE")
            return link
        }
    }

    /// The item whose shared link has this token.
    func sharedItem(token: String) -> ItemRef? {
        sharedLinkHolder { $0.token == token }?.ref
    }

    /// The item whose shared link matches; a file before a folder should several match.
    private func sharedLinkHolder(where matches: (SharedLinkRecord) -> Bool) -> ItemRecord? {
        let holders = items.values.filter { ($0.sharedLink.map(matches) ?? false) && !isInTrash($0.ref) }
        return holders.first { $0.type == .file } ?? holders.first
    }

    /// Extracts the token of a shared link URL (`.../s/{token}`) this server issued.
    func sharedLinkToken(fromURL url: String) -> String? {
        let path = URLComponents(string: url)?.path ?? url
        guard let range = path.range(of: "/s/") else {
            if let vanity = path.range(of: "/v/") {
                let name = String(path[vanity.upperBound...])
                return sharedLinkHolder { $0.vanityName == name }?.sharedLink?.token
            }
            return nil
        }
        let token = String(path[range.upperBound...])
        return sharedItem(token: token) == nil ? nil : token
    }

    /// Resolves `BoxApi: shared_link=...&shared_link_password=...` for `GET /shared_items`.
    func resolveSharedLink(url: String, password: String?) throws -> ItemRef {
        guard let token = sharedLinkToken(fromURL: url), let item = sharedItem(token: token) else {
            throw ServerErrorResponse.notFound("shared link")
        }
        let link = items[item]?.sharedLink
        if let unsharedAt = link?.unsharedAt, unsharedAt <= Date() { throw ServerErrorResponse.notFound("shared link") }
        if let expected = link?.password, expected != password {
            throw ServerErrorResponse.forbidden("Incorrect shared link password", code: "incorrect_shared_item_password")
        }
        return item
    }

    // MARK: - Collaborations

    /// Gives a user (by id or login), or a group, a role on an item. A login without an
    /// account becomes a pending invitation to that address, as Box does; it binds to the
    /// user created with that login later.
    func createCollaboration(item: ItemRef, granteeType: String, granteeId: String?, login: String?, role: String,
                             principal: Principal) throws -> CollaborationRecord {
        try authorize(principal, item, write: true)
        let now = Date()
        var collaboration = CollaborationRecord(
            id: newId(), item: item, userId: "", role: role, createdBy: principal.userId, createdAt: now, modifiedAt: now)
        switch granteeType {
        case "group":
            guard let granteeId, groups[granteeId] != nil else { throw ServerErrorResponse.notFound("group") }
            if collaborations.values.contains(where: { $0.item == item && $0.groupId == granteeId }) {
                throw ServerErrorResponse(.conflict, code: "user_already_collaborator", message: "Group is already a collaborator")
            }
            collaboration.groupId = granteeId
        case "user":
            let target: UserRecord?
            if let granteeId { target = users[granteeId] } else if let login { target = user(login: login) } else { target = nil }
            if let target {
                if items[item]?.ownerId == target.id || collaborations.values.contains(where: { $0.item == item && $0.userId == target.id }) {
                    throw ServerErrorResponse(.conflict, code: "user_already_collaborator", message: "User is already a collaborator")
                }
                collaboration.userId = target.id
            } else if granteeId == nil, let login {
                guard Self.looksLikeEmail(login) else { throw ServerErrorResponse.badRequest("accessible_by.login must be an email address") }
                try checkAllowlist(inviting: login, by: principal.userId)
                if collaborations.values.contains(where: { $0.item == item && $0.inviteEmail?.lowercased() == login.lowercased() }) {
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
        collaborations[collaboration.id] = collaboration
        recordEvent(collaboration.inviteEmail == nil ? "COLLAB_ADD_COLLABORATOR" : "COLLAB_INVITE_COLLABORATOR",
                    by: principal.userId, source: item)
        return collaboration
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

    private static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(where: \.isWhitespace)
    }

    func collaboration(_ id: String, principal: Principal) throws -> CollaborationRecord {
        guard let collaboration = collaborations[id] else { throw ServerErrorResponse.notFound("collaboration") }
        if !grants(collaboration, to: principal.userId) { try authorize(principal, collaboration.item) }
        return collaboration
    }

    func updateCollaboration(_ id: String, role: String?, status: String?, principal: Principal) throws -> CollaborationRecord {
        var collaboration = try collaboration(id, principal: principal)
        var events: [String] = []
        if let role {
            try authorize(principal, collaboration.item, write: true)
            collaboration.role = role
            events.append("COLLAB_ROLE_CHANGE")
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
        collaboration.modifiedAt = Date()
        collaborations[id] = collaboration
        for event in events.isEmpty ? ["COLLAB_ROLE_CHANGE"] : events {
            recordEvent(event, by: principal.userId, source: collaboration.item)
        }
        return collaboration
    }

    func deleteCollaboration(_ id: String, principal: Principal) throws {
        let collaboration = try collaboration(id, principal: principal)
        if collaboration.userId != principal.userId || collaboration.userId.isEmpty {
            try authorize(principal, collaboration.item, write: true)
        }
        collaborations[id] = nil
        recordEvent("COLLAB_REMOVE_COLLABORATOR", by: principal.userId, source: collaboration.item)
    }

    func collaborations(on item: ItemRef, principal: Principal) throws -> [CollaborationRecord] {
        try authorize(principal, item)
        return collaborations.values.filter { $0.item == item }.sorted { $0.id < $1.id }
    }
}
