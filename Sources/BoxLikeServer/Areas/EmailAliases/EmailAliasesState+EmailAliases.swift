import BoxLikeJSON
import Foundation

/// The extra email addresses users can log in with.
extension EmailAliasesState {
    // MARK: - Email aliases

    mutating func emailAliases(core: isolated ServerState, of userId: String, principal: Principal) throws -> [EmailAliasRecord] {
        guard core.users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        guard userId == principal.userId || core.isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only admins may see another user's email aliases.")
        }
        return self.emailAliases.values.filter { $0.userId == userId }.sorted { $0.id < $1.id }
    }

    mutating func addEmailAlias(core: isolated ServerState, _ email: String, to userId: String, principal: Principal) throws -> EmailAliasRecord {
        guard core.users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        guard core.isEnterpriseAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may add email aliases.") }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains(".") else {
            throw ServerErrorResponse.badRequest("email must be an email address")
        }
        let lowered = email.lowercased()
        if core.user(login: email) != nil || self.emailAliases.values.contains(where: { $0.email.lowercased() == lowered }) {
            throw ServerErrorResponse(.conflict, code: "email_alias_already_used", message: "The email address is already in use")
        }
        let alias = EmailAliasRecord(id: core.newId(), userId: userId, email: email)
        self.emailAliases[alias.id] = alias
        return alias
    }

    mutating func removeEmailAlias(core: isolated ServerState, _ aliasId: String, of userId: String, principal: Principal) throws {
        guard let alias = self.emailAliases[aliasId], alias.userId == userId else { throw ServerErrorResponse.notFound("email_alias") }
        guard core.isEnterpriseAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may remove email aliases.") }
        self.emailAliases[aliasId] = nil
    }

}
