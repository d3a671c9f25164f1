import BoxLikeJSON
import Foundation

/// Invitations of logins to join the enterprise.
extension ServerState {
    // MARK: - Invites

    func invite(login: String, enterpriseId requested: String, principal: Principal) throws -> InviteView {
        guard isEnterpriseAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may invite users.") }
        guard requested == enterpriseId else { throw ServerErrorResponse.notFound("enterprise") }
        // A login without an account is invited all the same: the invitation waits for it.
        let invitee: String
        if let user = user(login: login) {
            invitee = user.id
        } else {
            guard Self.looksLikeEmail(login) else { throw ServerErrorResponse.badRequest("actionable_by.login must be an email address") }
            invitee = newId()
        }
        let now = currentTime
        let invite = InviteRecord(
            id: newId(), userId: invitee, login: login, invitedBy: principal.userId, createdAt: now, modifiedAt: now)
        self[area: InvitesState.self].invites[invite.id] = invite
        return view(of: invite)
    }

    func invite(_ id: String, principal: Principal) throws -> InviteView {
        guard let invite = self[area: InvitesState.self].invites[id], invite.invitedBy == principal.userId || invite.userId == principal.userId || isEnterpriseAdmin(principal)
        else { throw ServerErrorResponse.notFound("invite") }
        return view(of: invite)
    }

    private func view(of invite: InviteRecord) -> InviteView {
        InviteView(
            invite: invite, enterprise: ["type": "enterprise", "id": .string(enterpriseId), "name": .string(enterpriseName)],
            actionableBy: users[invite.userId] == nil
                ? ["type": "user", "id": .string(invite.userId), "name": "", "login": .string(invite.login)]
                : userMini(invite.userId),
            invitedBy: userMini(invite.invitedBy))
    }
}
