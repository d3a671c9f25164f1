import Foundation

extension ServerState {
    func enterpriseUsers(filter: String?, principal: Principal) throws -> [UserRecord] {
        guard let caller = users[principal.userId], caller.mayActAsOthers else {
            throw ServerErrorResponse.forbidden("Only enterprise admins may list users")
        }
        return users.values.filter { user in
            guard let filter, !filter.isEmpty else { return true }
            return user.name.localizedCaseInsensitiveContains(filter) || user.login.localizedCaseInsensitiveContains(filter)
        }.sorted { $0.id < $1.id }
    }

    func createUser(name: String, login: String?, appUser: Bool, principal: Principal) throws -> UserRecord {
        guard let caller = users[principal.userId], caller.mayActAsOthers else {
            throw ServerErrorResponse.forbidden("Only enterprise admins may create users")
        }
        let id = newId()
        let userLogin = login ?? "AppUser_\(id)@boxlike.test"
        if user(login: userLogin) != nil {
            throw ServerErrorResponse(.conflict, code: "user_login_already_used", message: "User with the specified login already exists")
        }
        let now = Date()
        let user = UserRecord(
            id: id, name: name, login: userLogin, password: TokenRegistry.randomToken(length: 16),
            role: appUser ? .appUser : .user, createdAt: now, modifiedAt: now, rootFolderId: makeRootFolder(for: id))
        users[id] = user
        bindInvitations(to: user)
        return user
    }
}
