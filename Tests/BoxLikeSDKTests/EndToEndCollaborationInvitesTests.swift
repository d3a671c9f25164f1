import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Collaborating with an email address that has no account yet: a pending invitation, as
/// Box does, that the person takes up once they sign up.
@Suite("Collaboration invitations against the server")
struct EndToEndCollaborationInvitesTests {
    @Test func anAddressWithoutAnAccountGetsAPendingInvitation() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("shared")

            let collaboration = try await admin.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                item: CreateCollaborationRequestBodyItemField(type: .folder, id: folder.id),
                accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, login: "new.person@example.com"), role: .editor))

            #expect(collaboration.status == .pending)
            #expect(collaboration.inviteEmail == "new.person@example.com")
            #expect(collaboration.accessibleBy == nil)
            let listed = try await admin.listCollaborations.getFolderCollaborations(folderId: folder.id).entries ?? []
            #expect(listed.map(\.id) == [collaboration.id])
        }
    }

    @Test func aLoginThatIsNotAnEmailAddressIsRefused() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder()

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                    item: CreateCollaborationRequestBodyItemField(type: .folder, id: folder.id),
                    accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, login: "not an address"), role: .viewer))
            }

            #expect(error?.status == 400)
            #expect(try await admin.listCollaborations.getFolderCollaborations(folderId: folder.id).entries?.isEmpty == true)
        }
    }

    @Test func theInviteeGetsAccessOnceTheyHaveAnAccountAndAccept() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("shared")
            let invitation = try await admin.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                item: CreateCollaborationRequestBodyItemField(type: .folder, id: folder.id),
                accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, login: "late@example.com"), role: .viewer))

            let user = try await admin.users.createUser(requestBody: CreateUserRequestBody(name: "Late Comer", login: "late@example.com"))
            let (invitee, _) = try await server.developerTokenClient(userId: user.id)
            let pendingError = await #expect(throws: BoxAPIError.self) { try await invitee.folders.getFolderById(folderId: folder.id) }
            let accepted = try #require(try await invitee.userCollaborations.updateCollaborationById(
                collaborationId: invitation.id, requestBody: UpdateCollaborationByIdRequestBody(status: .accepted)))

            #expect(pendingError?.status == 404)
            #expect(accepted.status == .accepted)
            guard case .userCollaborations(let grantee)? = accepted.accessibleBy else {
                Issue.record("the accepted collaboration does not name the user")
                return
            }
            #expect(grantee.id == user.id)
            #expect(try await invitee.folders.getFolderById(folderId: folder.id).id == folder.id)
        }
    }
}
