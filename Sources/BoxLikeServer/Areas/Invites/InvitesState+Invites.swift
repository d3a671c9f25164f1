import BoxLikeJSON
import Foundation

/// Invitations of logins to join the enterprise.
extension InvitesState {
    // MARK: - Invites

    mutating func invite(core: isolated ServerState, login: String, enterpriseId requested: String, principal: Principal) throws -> InviteView {
        guard core.isEnterpriseAdmin(principal) else { throw ServerErrorResponse.forbidden("Only enterprise admins may invite users.") }
        guard requested == core.enterpriseId else { throw ServerErrorResponse.notFound("enterprise") }
        // A login without an account is invited all the same: the invitation waits for it.
        let invitee: String
        if let user = core.user(login: login) {
            invitee = user.id
        } else {
            guard ServerState.looksLikeEmail(login) else { throw ServerErrorResponse.badRequest("actionable_by.login must be an email address") }
            invitee = core.newId()
        }
        let now = core.currentTime
        let invite = InviteRecord(
            id: core.newId(), userId: invitee, login: login, invitedBy: principal.userId, createdAt: now, modifiedAt: now)
        self.invites[invite.id] = invite
        return view(core: core, of: invite)
    }

    mutating func invite(core: isolated ServerState, _ id: String, principal: Principal) throws -> InviteView {
        guard let invite = self.invites[id], invite.invitedBy == principal.userId || invite.userId == principal.userId || core.isEnterpriseAdmin(principal)
        else { throw ServerErrorResponse.notFound("invite") }
        return view(core: core, of: invite)
    }

    private mutating func view(core: isolated ServerState, of invite: InviteRecord) -> InviteView {
        InviteView(
            invite: invite, enterprise: ["type": "enterprise", "id": .string(core.enterpriseId), "name": .string(core.enterpriseName)],
            actionableBy: core.users[invite.userId] == nil
                ? ["type": "user", "id": .string(invite.userId), "name": "", "login": .string(invite.login)]
                : core.userMini(invite.userId),
            invitedBy: core.userMini(invite.invitedBy))
    }
}
