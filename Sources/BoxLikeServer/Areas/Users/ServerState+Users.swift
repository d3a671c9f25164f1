import BoxLikeJSON
import Foundation

extension ServerState {
    /// The enterprise's users for `GET /users`: those whose name or login starts with
    /// `filter` (any case), and with `externalAppUserId` only the app user it names.
    ///
    /// External users (``UserRecord/isExternal``) who collaborate on the enterprise's content
    /// are listed with `external`, or with `all` when `filter` is their whole login, as Box
    /// lists them; `managed` never lists them.
    func enterpriseUsers(filter: String?, userType: String? = nil, externalAppUserId: String? = nil,
                         principal: Principal) throws -> [UserRecord] {
        guard let caller = users[principal.userId], AccessPolicy.isEnterpriseAdmin(caller) else {
            throw ServerErrorResponse.forbidden("Only enterprise admins may list users")
        }
        let term = filter?.lowercased() ?? ""
        let kind = userType?.lowercased() ?? "all"
        let collaborators = Set(collaborations.values.map(\.userId))
        return users.values.filter { user in
            if user.isExternal && !collaborators.contains(user.id) { return false }
            if let externalAppUserId, user.externalAppUserId != externalAppUserId { return false }
            let matches = term.isEmpty || user.name.lowercased().hasPrefix(term) || user.login.lowercased().hasPrefix(term)
            switch kind {
            case "managed": return !user.isExternal && matches && user.role != .serviceAccount
            case "external": return user.isExternal && matches
            default: return user.isExternal ? user.login.lowercased() == term : matches
            }
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
