import BoxLikeJSON
import Foundation

/// Invitations of logins to join the enterprise.
extension ServerState {
    // MARK: - Invites

    func invite(login: String, enterpriseId requested: String, principal: Principal) throws -> InviteRecord {
        guard isAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may invite users.") }
        guard requested == enterpriseId else { throw ServerErrorResponse.notFound("enterprise") }
        // A login without an account is invited all the same: the invitation waits for it.
        let invitee: String
        if let user = user(login: login) {
            invitee = user.id
        } else {
            guard Self.looksLikeEmail(login) else { throw ServerErrorResponse.badRequest("actionable_by.login must be an email address") }
            invitee = newId()
        }
        let now = Date()
        let invite = InviteRecord(
            id: newId(), userId: invitee, login: login, invitedBy: principal.userId, createdAt: now, modifiedAt: now)
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
            "actionable_by": users[invite.userId] == nil
                ? ["type": "user", "id": .string(invite.userId), "name": "", "login": .string(invite.login)]
                : userMini(invite.userId), "invited_by": userMini(invite.invitedBy),
            "status": .string(invite.status),
            "created_at": Timestamp.json(invite.createdAt), "modified_at": Timestamp.json(invite.modifiedAt),
        ]
        return fields.apply(full, standard: Set(full.keys))
    }
}
