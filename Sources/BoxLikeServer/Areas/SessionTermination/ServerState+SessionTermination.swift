import Foundation

/// Whose sessions an admin's termination request ends: users by id or login, or every
/// member of some groups. Only admins (and the service account) may end sessions.
extension ServerState {
    /// The users named by `ids` and `logins`; an unknown id or login is `404`, none at all `400`.
    func usersForSessionTermination(ids: [String], logins: [String], principal: Principal) throws -> Set<String> {
        try requireSessionAdministrator(principal)
        guard !ids.isEmpty || !logins.isEmpty else { throw ServerErrorResponse.badRequest("user_ids or user_logins must name a user") }
        var found = Set<String>()
        for id in ids {
            guard users[id] != nil else { throw ServerErrorResponse.notFound("user") }
            found.insert(id)
        }
        for login in logins {
            guard let user = user(login: login) else { throw ServerErrorResponse.notFound("user") }
            found.insert(user.id)
        }
        return found
    }

    /// The members of `groupIds`; an unknown group is `404`.
    func usersForSessionTermination(groupIds: [String], principal: Principal) throws -> Set<String> {
        try requireSessionAdministrator(principal)
        guard !groupIds.isEmpty else { throw ServerErrorResponse.badRequest("group_ids must name a group") }
        var found = Set<String>()
        for groupId in groupIds {
            guard groups[groupId] != nil else { throw ServerErrorResponse.notFound("group") }
            found.formUnion(groupMemberships.values.filter { $0.groupId == groupId }.map(\.userId))
        }
        return found
    }

    private func requireSessionAdministrator(_ principal: Principal) throws {
        guard isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only the enterprise's admins may end users' sessions.")
        }
    }
}
