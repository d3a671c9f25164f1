import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.listCollaborations`, as Box's documentation uses it.
@Suite("Drop-in: list collaborations")
struct ListCollaborationsTests {
    @Test func theCollaborationsOfAFileAFolderAndAGroupAreListed() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Shared with the team")
            let file = try await uploadText(client, name: "brief.txt", text: "the brief")
            let group = try await client.groups.createGroup(requestBody: CreateGroupRequestBody(name: "Team"))

            let groupCollaboration = try await client.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                item: CreateCollaborationRequestBodyItemField(type: .folder, id: folder.id),
                accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .group, id: group.id),
                role: .editor))
            let fileCollaboration = try await client.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                item: CreateCollaborationRequestBodyItemField(type: .file, id: file.id),
                accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, id: box.seed.appUsers[0].id),
                role: .editor))

            let ofFile = try await client.listCollaborations.getFileCollaborations(fileId: file.id)
            #expect(ofFile.entries?.map(\.id) == [fileCollaboration.id])

            let ofFolder = try await client.listCollaborations.getFolderCollaborations(
                folderId: folder.id, queryParams: GetFolderCollaborationsQueryParams(fields: ["role", "accessible_by"], limit: 100))
            #expect(ofFolder.entries?.map(\.id) == [groupCollaboration.id])
            #expect(ofFolder.entries?.first?.role == .editor)

            let ofGroup = try await client.listCollaborations.getGroupCollaborations(groupId: group.id)
            #expect(ofGroup.entries?.map(\.id) == [groupCollaboration.id])
            #expect(ofGroup.totalCount == 1)
        }
    }

    @Test func anInviteesPendingCollaborationIsListedUntilAccepted() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "For the newcomer")
            let invitation = try await client.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                item: CreateCollaborationRequestBodyItemField(type: .folder, id: folder.id),
                accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, login: "newcomer@example.com"),
                role: .viewer))
            let user = try await client.users.createUser(requestBody: CreateUserRequestBody(name: "New Comer", login: "newcomer@example.com"))
            let invitee = try await box.client(forUser: user.id)

            let pending = try await invitee.listCollaborations.getCollaborations(
                queryParams: GetCollaborationsQueryParams(status: .pending))
            #expect(pending.entries?.map(\.id) == [invitation.id])

            _ = try await invitee.userCollaborations.updateCollaborationById(
                collaborationId: invitation.id, requestBody: UpdateCollaborationByIdRequestBody(status: .accepted))
            let afterAccepting = try await invitee.listCollaborations.getCollaborations(
                queryParams: GetCollaborationsQueryParams(status: .pending))
            #expect(afterAccepting.entries?.isEmpty == true)
        }
    }
}
