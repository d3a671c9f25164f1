import BoxLikeJSON
import Foundation

/// Administration of users: profile changes, deletion, moving a user's content to another
/// user, email aliases and enterprise invites. Enterprise admins may do all of it; users
/// change only their own profile and see their own aliases.
extension ServerState {
    /// The profile fields a user may change on themselves; the rest is for admins.
    static let selfEditableUserFields: Set<String> = ["name", "language", "timezone", "job_title", "phone", "address"]
    static let userStatuses: Set<String> = ["active", "inactive", "cannot_delete_edit", "cannot_delete_edit_upload"]

    private func isAdmin(_ principal: Principal) -> Bool {
        users[principal.userId]?.mayActAsOthers ?? false
    }

    /// Applies `changes` (request members by name) to a user.
    func updateUser(_ id: String, changes: [String: JSONValue], principal: Principal) throws -> UserRecord {
        guard var user = users[id], id == principal.userId || isAdmin(principal) else { throw ServerErrorResponse.notFound("user") }
        let adminOnly = Set(changes.keys).subtracting(Self.selfEditableUserFields)
        if !isAdmin(principal), let field = adminOnly.sorted().first {
            throw ServerErrorResponse.forbidden("Only enterprise admins may change '\(field)'.")
        }
        try applyProfile(changes, to: &user)
        user.modifiedAt = Date()
        users[id] = user
        return user
    }

    /// Applies the profile members of a create or update body to `user`; members not given
    /// are left as they are.
    func applyProfile(_ changes: [String: JSONValue], to user: inout UserRecord) throws {
        if let name = changes["name"]?.stringValue { user.name = name }
        if let language = changes["language"]?.stringValue { user.language = language }
        if let timezone = changes["timezone"]?.stringValue {
            guard TimeZone(identifier: timezone) != nil else { throw ServerErrorResponse.badRequest("timezone must be an IANA time zone") }
            user.timezone = timezone
        }
        if let title = changes["job_title"]?.stringValue { user.jobTitle = title }
        if let phone = changes["phone"]?.stringValue { user.phone = phone }
        if let address = changes["address"]?.stringValue { user.address = address }
        if let amount = changes["space_amount"]?.intValue {
            guard amount == -1 || amount >= 0 else { throw ServerErrorResponse.badRequest("space_amount must be -1 or at least 0") }
            user.spaceAmount = amount
        }
        if let status = changes["status"]?.stringValue {
            guard Self.userStatuses.contains(status) else { throw ServerErrorResponse.badRequest("status is not a user status") }
            user.status = status
        }
        if let role = changes["role"]?.stringValue, user.role == .user || user.role == .admin {
            user.role = role == "coadmin" ? .admin : .user
        }
        if let sync = changes["is_sync_enabled"]?.boolValue { user.isSyncEnabled = sync }
        if let restricted = changes["is_external_collab_restricted"]?.boolValue { user.isExternalCollabRestricted = restricted }
        if let exempt = changes["is_exempt_from_device_limits"]?.boolValue { user.isExemptFromDeviceLimits = exempt }
        if let exempt = changes["is_exempt_from_login_verification"]?.boolValue { user.isExemptFromLoginVerification = exempt }
        if let sees = changes["can_see_managed_users"]?.boolValue { user.canSeeManagedUsers = sees }
        if let codes = changes["tracking_codes"]?.arrayValue { user.trackingCodes = codes }
        if let external = changes["external_app_user_id"]?.stringValue {
            guard !users.values.contains(where: { $0.id != user.id && $0.externalAppUserId == external }) else {
                throw ServerErrorResponse(.conflict, code: "user_external_app_user_id_already_used",
                                          message: "Another user has this external_app_user_id")
            }
            user.externalAppUserId = external
        }
    }

    /// Deletes a user; with content only when `force` (the content goes with them).
    func deleteUser(_ id: String, force: Bool, principal: Principal) throws {
        guard isAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may delete users.") }
        guard let user = users[id] else { throw ServerErrorResponse.notFound("user") }
        guard id != principal.userId else { throw ServerErrorResponse.badRequest("An admin cannot delete themselves.") }
        let owned = items.values.filter { $0.ownerId == id && !$0.isRoot }
        if !owned.isEmpty && !force {
            throw ServerErrorResponse.badRequest(
                "The user owns \(owned.count) item(s); transfer them first or delete with force=true.", code: "user_not_empty")
        }
        items = items.filter { $0.value.ownerId != id }
        collaborations = collaborations.filter { $0.value.userId != id && items[$0.value.item] != nil }
        groupMemberships = groupMemberships.filter { $0.value.userId != id }
        emailAliases = emailAliases.filter { $0.value.userId != id }
        users[id] = nil
        _ = user
    }

    /// Moves everything in `sourceId`'s root into a new folder in `destinationId`'s root,
    /// owned by the destination user from then on.
    func transferContent(from sourceId: String, to destinationId: String, principal: Principal) throws -> ItemRecord {
        guard isAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may transfer content.") }
        guard let source = users[sourceId] else { throw ServerErrorResponse.notFound("user") }
        guard let destination = users[destinationId] else { throw ServerErrorResponse.notFound("user") }
        guard sourceId != destinationId else { throw ServerErrorResponse.badRequest("The source and destination user are the same.") }
        var name = "\(source.login) - \(source.name)'s Files and Folders"
        var suffix = 1
        while children(of: destination.rootFolderId).contains(where: { $0.name.lowercased() == name.lowercased() }) {
            suffix += 1
            name = "\(source.login) - \(source.name)'s Files and Folders (\(suffix))"
        }
        let holder = makeFolder(name: name, parentId: destination.rootFolderId, actor: principal.userId)
        var moving = items.values.filter { $0.parentId == source.rootFolderId }.map(\.ref)
        for ref in moving { items[ref]?.parentId = holder.id }
        // Everything under the moved items changes owner too.
        var index = 0
        while index < moving.count {
            let ref = moving[index]
            items[ref]?.ownerId = destinationId
            if ref.type == .folder {
                moving.append(contentsOf: items.values.filter { $0.parentId == ref.id }.map(\.ref))
            }
            index += 1
        }
        recordEvent("ITEM_MOVE", by: principal.userId, source: holder.ref)
        return items[holder.ref] ?? holder
    }

    // MARK: - Email aliases

    func emailAliases(of userId: String, principal: Principal) throws -> [EmailAliasRecord] {
        guard users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        guard userId == principal.userId || isAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only admins may see another user's email aliases.")
        }
        return emailAliases.values.filter { $0.userId == userId }.sorted { $0.id < $1.id }
    }

    func addEmailAlias(_ email: String, to userId: String, principal: Principal) throws -> EmailAliasRecord {
        guard users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        guard isAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may add email aliases.") }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains(".") else {
            throw ServerErrorResponse.badRequest("email must be an email address")
        }
        let lowered = email.lowercased()
        if user(login: email) != nil || emailAliases.values.contains(where: { $0.email.lowercased() == lowered }) {
            throw ServerErrorResponse(.conflict, code: "email_alias_already_used", message: "The email address is already in use")
        }
        let alias = EmailAliasRecord(id: newId(), userId: userId, email: email)
        emailAliases[alias.id] = alias
        return alias
    }

    func removeEmailAlias(_ aliasId: String, of userId: String, principal: Principal) throws {
        guard let alias = emailAliases[aliasId], alias.userId == userId else { throw ServerErrorResponse.notFound("email_alias") }
        guard isAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may remove email aliases.") }
        emailAliases[aliasId] = nil
    }

    func renderEmailAlias(_ alias: EmailAliasRecord) -> JSONValue {
        ["type": "email_alias", "id": .string(alias.id), "email": .string(alias.email), "is_confirmed": true]
    }

    // MARK: - Invites

    func invite(login: String, enterpriseId requested: String, principal: Principal) throws -> InviteRecord {
        guard isAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may invite users.") }
        guard requested == enterpriseId else { throw ServerErrorResponse.notFound("enterprise") }
        guard let user = user(login: login) else { throw ServerErrorResponse.notFound("user") }
        let now = Date()
        let invite = InviteRecord(id: newId(), userId: user.id, invitedBy: principal.userId, createdAt: now, modifiedAt: now)
        invites[invite.id] = invite
        return invite
    }

    func invite(_ id: String, principal: Principal) throws -> InviteRecord {
        guard let invite = invites[id], invite.invitedBy == principal.userId || invite.userId == principal.userId || isAdmin(principal)
        else { throw ServerErrorResponse.notFound("invite") }
        return invite
    }

    func renderInvite(_ invite: InviteRecord, fields: FieldSelection) -> JSONValue {
        let full: [String: JSONValue] = [
            "type": "invite", "id": .string(invite.id),
            "invited_to": ["type": "enterprise", "id": .string(enterpriseId), "name": .string(enterpriseName)],
            "actionable_by": userMini(invite.userId), "invited_by": userMini(invite.invitedBy),
            "status": .string(invite.status),
            "created_at": Timestamp.json(invite.createdAt), "modified_at": Timestamp.json(invite.modifiedAt),
        ]
        return fields.apply(full, standard: Set(full.keys))
    }
}
