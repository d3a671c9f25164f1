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
        user.modifiedAt = currentTime
        users[id] = user
        recordEvent("EDIT_USER", by: principal.userId, source: nil, aboutUser: user, enterpriseOnly: true)
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
