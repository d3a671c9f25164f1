import BoxLikeJSON
import Foundation

extension ServerState {
    /// The enterprise's users for `GET /users`: those whose name or login starts with
    /// `filter` (any case), and with `externalAppUserId` only the app user it names.
    func enterpriseUsers(filter: String?, externalAppUserId: String? = nil, principal: Principal) throws -> [UserRecord] {
        guard let caller = users[principal.userId], AccessPolicy.isEnterpriseAdmin(caller) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins may list users")
        }
        return users.values.filter { user in
            if let externalAppUserId, user.externalAppUserId != externalAppUserId { return false }
            guard let filter, !filter.isEmpty else { return true }
            let term = filter.lowercased()
            return user.name.lowercased().hasPrefix(term) || user.login.lowercased().hasPrefix(term)
        }.sorted { $0.id < $1.id }
    }

    /// Creates a managed or app user with the profile members of the request `body`.
    func createUser(name: String, login: String?, appUser: Bool, profile: [String: JSONValue] = [:],
                    principal: Principal) throws -> UserRecord {
        guard let caller = users[principal.userId], AccessPolicy.isEnterpriseAdmin(caller) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins may create users")
        }
        let id = newId()
        let userLogin = login ?? "AppUser_\(id)@boxlike.test"
        if user(login: userLogin) != nil {
            throw ServerErrorResponse(.conflict, code: "user_login_already_used", message: "User with the specified login already exists")
        }
        let now = currentTime
        var user = UserRecord(
            id: id, name: name, login: userLogin, password: TokenRegistry.randomToken(length: 16),
            role: appUser ? .appUser : .user, createdAt: now, modifiedAt: now, rootFolderId: "")
        // Checked before anything is made, so a refused profile leaves no root folder behind.
        try applyProfile(profile, to: &user)
        user.rootFolderId = makeRootFolder(for: id)
        users[id] = user
        bindInvitations(to: user)
        recordEvent("NEW_USER", by: principal.userId, source: nil, aboutUser: user, enterpriseOnly: true)
        return user
    }
}
