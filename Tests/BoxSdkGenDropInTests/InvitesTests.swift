import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.invites`, as Box's documentation uses it.
@Suite("Drop-in: invites")
struct InvitesTests {
    @Test func aUserIsInvitedToTheEnterpriseAndTheInviteIsReadBack() async throws {
        try await withLocalBox { box in
            let client = box.client
            let me = try await client.users.getUserMe(queryParams: GetUserMeQueryParams(fields: ["enterprise"]))
            let enterpriseId = try #require(me.enterprise?.id)
            let guest = try await client.users.createUser(requestBody: CreateUserRequestBody(name: "Guest", login: "guest@example.com"))

            let invitation = try await client.invites.createInvite(requestBody: CreateInviteRequestBody(
                enterprise: CreateInviteRequestBodyEnterpriseField(id: enterpriseId),
                actionableBy: CreateInviteRequestBodyActionableByField(login: "guest@example.com")))
            #expect(invitation.invitedTo?.id == enterpriseId)
            #expect(invitation.actionableBy?.id == guest.id)
            #expect(invitation.status == "pending")

            let read = try await client.invites.getInviteById(inviteId: invitation.id)
            #expect(read.id == invitation.id)
            #expect(read.invitedBy?.id == box.seed.adminUser.id)
        }
    }
}
