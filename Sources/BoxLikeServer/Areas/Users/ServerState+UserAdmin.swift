import BoxLikeJSON
import Foundation

/// Administration of users: profile changes, deletion, moving a user's content to another
/// user, email aliases and enterprise invites. Enterprise admins may do all of it; users
/// change only their own profile and see their own aliases.
extension ServerState {
    /// The profile fields a user may change on themselves; the rest is for admins.
    static let selfEditableUserFields: Set<String> = ["name", "language", "timezone", "job_title", "phone", "address"]
    static let userStatuses: Set<String> = ["active", "inactive", "cannot_delete_edit", "cannot_delete_edit_upload"]

    /// Applies `changes` (request members by name) to a user.
    func updateUser(_ id: String, changes: [String: JSONValue], principal: Principal) throws -> UserRecord {
        guard var user = users[id], id == principal.userId || (isEnterpriseAdmin(principal) && !user.isExternal) else {
            throw ServerErrorResponse.notFound("user")
        }
        let adminOnly = Set(changes.keys).subtracting(Self.selfEditableUserFields)
        if !isEnterpriseAdmin(principal), let field = adminOnly.sorted().first {
            throw ServerErrorResponse.forbidden("Only enterprise admins may change '\(field)'.")
        }
        try applyProfile(changes, to: &user)
        if let login = changes["login"]?.stringValue, login.lowercased() != user.login.lowercased() {
            try changeLogin(of: &user, to: login)
        }
        if let reset = changes["is_password_reset_required"]?.boolValue { user.isPasswordResetRequired = reset }
        if let notification = changes["notification_email"] {
            user.notificationEmail = try notificationEmail(notification, for: user)
        }
        let rollsOut = try rollsOutOfEnterprise(changes["enterprise"], user: user, principal: principal)
        if rollsOut {
            user.isFreeUser = true
            user.isExternal = true
            user.role = .user
        }
        user.modifiedAt = currentTime
        users[id] = user
        if rollsOut {
            // Groups belong to the enterprise: a user who leaves it leaves them too.
            groupMemberships = groupMemberships.filter { $0.value.userId != id }
        }
        recordEvent("EDIT_USER", by: principal.userId, source: nil, aboutUser: user, enterpriseOnly: true)
        return user
    }

    /// Makes one of the user's email aliases their login, as Box does: the alias must be theirs
    /// and confirmed (`400 bad_request`, naming `new_primary_email`, otherwise), and the old
    /// login takes its place among the aliases.
    private func changeLogin(of user: inout UserRecord, to login: String) throws {
        let aliases = self[area: EmailAliasesState.self]
        guard let alias = aliases.emailAliases.values.first(where: { $0.userId == user.id && $0.email.lowercased() == login.lowercased() }) else {
            throw ServerErrorResponse(
                .badRequest, code: "bad_request", message: "Bad Request",
                contextInfo: ["errors": [["reason": "invalid_parameter", "name": "new_primary_email",
                                          "message": .string("Invalid value '\(login)'.")]]])
        }
        let previous = user.login
        user.login = alias.email
        self[area: EmailAliasesState.self].emailAliases[alias.id] = EmailAliasRecord(id: alias.id, userId: user.id, email: previous)
    }

    /// The `notification_email` of an update: `null` removes it; an address is confirmed at
    /// once when it is already the user's (their login or a confirmed alias), as the local Box
    /// sends no confirmation mail.
    private func notificationEmail(_ value: JSONValue, for user: UserRecord) throws -> (email: String, isConfirmed: Bool)? {
        if value.isNull { return nil }
        guard let email = value["email"]?.stringValue else {
            throw ServerErrorResponse.badRequest("notification_email needs an email, or is null")
        }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains(".") else {
            throw ServerErrorResponse.badRequest("notification_email.email must be an email address")
        }
        let lowered = email.lowercased()
        let isOwn = user.login.lowercased() == lowered || self[area: EmailAliasesState.self].emailAliases.values.contains {
            $0.userId == user.id && $0.email.lowercased() == lowered
        }
        return (email, isOwn)
    }

    /// Whether `enterprise` in an update rolls the user out of the enterprise: `null` does, for a
    /// managed user other than the caller; the enterprise's own ID changes nothing; anything
    /// else is `400`.
    private func rollsOutOfEnterprise(_ value: JSONValue?, user: UserRecord, principal: Principal) throws -> Bool {
        guard let value else { return false }
        if let id = value.stringValue {
            guard id == enterpriseId else { throw ServerErrorResponse.badRequest("enterprise must be null or the ID of the user's enterprise") }
            return false
        }
        guard value.isNull else { throw ServerErrorResponse.badRequest("enterprise must be null or the ID of the user's enterprise") }
        guard user.id != principal.userId else { throw ServerErrorResponse.badRequest("An admin cannot roll themselves out of the enterprise.") }
        guard user.role == .user || user.role == .admin else {
            throw ServerErrorResponse.badRequest("Only managed users can be rolled out of the enterprise.")
        }
        return true
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
        guard isEnterpriseAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may delete users.") }
        guard let user = users[id], !user.isExternal else { throw ServerErrorResponse.notFound("user") }
        guard id != principal.userId else { throw ServerErrorResponse.badRequest("An admin cannot delete themselves.") }
        let owned = items.values.filter { $0.ownerId == id && !$0.isRoot }
        if !owned.isEmpty && !force {
            throw ServerErrorResponse.badRequest(
                "The user owns \(owned.count) item(s); transfer them first or delete with force=true.", code: "user_not_empty")
        }
        if !owned.isEmpty { try refuseDeletingContentOfUser() }
        items.removeAll { $0.ownerId == id }
        collaborations.removeAll { $0.userId == id || items[$0.item] == nil }
        groupMemberships = groupMemberships.filter { $0.value.userId != id }
        self[area: EmailAliasesState.self].emailAliases = self[area: EmailAliasesState.self].emailAliases.filter { $0.value.userId != id }
        users[id] = nil
        recordEvent("DELETE_USER", by: principal.userId, source: nil, aboutUser: user, enterpriseOnly: true)
    }
}
