import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.userCollaborations`, as Box's documentation uses it.
@Suite("Drop-in: user collaborations")
struct UserCollaborationsTests {
    @Test func aCollaborationIsCreatedReadChangedAndRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Team space")
            let user = box.seed.appUsers[0]

            let collaboration = try await client.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                item: CreateCollaborationRequestBodyItemField(type: CreateCollaborationRequestBodyItemTypeField.folder, id: folder.id),
                accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: CreateCollaborationRequestBodyAccessibleByTypeField.user, id: user.id),
                role: CreateCollaborationRequestBodyRoleField.editor))
            #expect(collaboration.role == .editor)

            let read = try await client.userCollaborations.getCollaborationById(collaborationId: collaboration.id)
            #expect(read.id == collaboration.id)
            #expect(read.status == .accepted)

            let updated = try await client.userCollaborations.updateCollaborationById(
                collaborationId: collaboration.id,
                requestBody: UpdateCollaborationByIdRequestBody(role: UpdateCollaborationByIdRequestBodyRoleField.viewer))
            #expect(updated?.role == .viewer)

            let userClient = try await box.client(forUser: user.id)
            #expect(try await userClient.folders.getFolderById(folderId: folder.id).name == "Team space")

            try await client.userCollaborations.deleteCollaborationById(collaborationId: collaboration.id)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.userCollaborations.getCollaborationById(collaborationId: collaboration.id)
            }
            #expect(error?.responseInfo.statusCode == 404)
            await #expect(throws: BoxAPIError.self) { try await userClient.folders.getFolderById(folderId: folder.id) }
        }
    }

    @Test func aCollaboratorIsInvitedByLogin() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Shared by login")
            let user = box.seed.appUsers[1]

            let collaboration = try await client.userCollaborations.createCollaboration(
                requestBody: CreateCollaborationRequestBody(
                    item: CreateCollaborationRequestBodyItemField(type: .folder, id: folder.id),
                    accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, login: user.login),
                    role: .viewer),
                queryParams: CreateCollaborationQueryParams(notify: false))

            let read = try await client.userCollaborations.getCollaborationById(
                collaborationId: collaboration.id, queryParams: GetCollaborationByIdQueryParams(fields: ["role", "accessible_by"]))
            #expect(read.role == .viewer)
            let userClient = try await box.client(forUser: user.id)
            #expect(try await userClient.folders.getFolderById(folderId: folder.id).id == folder.id)
        }
    }
}
