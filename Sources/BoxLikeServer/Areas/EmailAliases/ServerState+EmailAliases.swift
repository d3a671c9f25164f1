import BoxLikeJSON
import Foundation

/// The extra email addresses users can log in with.
extension ServerState {
    // MARK: - Email aliases

    func emailAliases(of userId: String, principal: Principal) throws -> [EmailAliasRecord] {
        guard users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        guard userId == principal.userId || isEnterpriseAdmin(principal) else {
            throw ServerErrorResponse.forbidden("Only admins may see another user's email aliases.")
        }
        return self[area: EmailAliasesState.self].emailAliases.values.filter { $0.userId == userId }.sorted { $0.id < $1.id }
    }

    func addEmailAlias(_ email: String, to userId: String, principal: Principal) throws -> EmailAliasRecord {
        guard users[userId] != nil else { throw ServerErrorResponse.notFound("user") }
        guard isEnterpriseAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may add email aliases.") }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains(".") else {
            throw ServerErrorResponse.badRequest("email must be an email address")
        }
        let lowered = email.lowercased()
        if user(login: email) != nil || self[area: EmailAliasesState.self].emailAliases.values.contains(where: { $0.email.lowercased() == lowered }) {
            throw ServerErrorResponse(.conflict, code: "email_alias_already_used", message: "The email address is already in use")
        }
        let alias = EmailAliasRecord(id: newId(), userId: userId, email: email)
        self[area: EmailAliasesState.self].emailAliases[alias.id] = alias
        return alias
    }

    func removeEmailAlias(_ aliasId: String, of userId: String, principal: Principal) throws {
        guard let alias = self[area: EmailAliasesState.self].emailAliases[aliasId], alias.userId == userId else { throw ServerErrorResponse.notFound("email_alias") }
        guard isEnterpriseAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may remove email aliases.") }
        self[area: EmailAliasesState.self].emailAliases[aliasId] = nil
    }

}
