import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Collaborations on files, read and removed by id; and the upload preflight check.
@Suite("Collaborations and upload preflight against the server")
struct EndToEndCollaborationsTests {
    @Test func aFileCollaborationIsListedReadAndRemoved() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let viewerId = server.seed.appUsers[0].id
            let (viewer, _) = try await server.developerTokenClient(userId: viewerId)
            let file = try await admin.makeFile("shared.txt", text: "s", in: try await admin.makeFolder().id)
            let created = try await admin.userCollaborations.createCollaboration(requestBody: CreateCollaborationRequestBody(
                item: CreateCollaborationRequestBodyItemField(type: .file, id: file.id),
                accessibleBy: CreateCollaborationRequestBodyAccessibleByField(type: .user, id: viewerId), role: .viewer))

            let listed = try await admin.listCollaborations.getFileCollaborations(fileId: file.id).entries ?? []
            let read = try await viewer.userCollaborations.getCollaborationById(collaborationId: created.id)
            #expect(listed.map(\.id) == [created.id])
            #expect(read.role == .viewer)
            #expect(try await viewer.files.getFileById(fileId: file.id).id == file.id)

            try await admin.userCollaborations.deleteCollaborationById(collaborationId: created.id)

            let error = await #expect(throws: BoxAPIError.self) { try await viewer.files.getFileById(fileId: file.id) }
            #expect(error?.status == 404)
            #expect(try await admin.listCollaborations.getFileCollaborations(fileId: file.id).entries?.isEmpty == true)
        }
    }

    @Test func aCollaboratorMayLeaveButNotRemoveOthers() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let firstId = server.seed.appUsers[0].id, secondId = server.seed.appUsers[1].id
            let (first, _) = try await server.developerTokenClient(userId: firstId)
            let folder = try await admin.makeFolder("team")
            try await admin.collaborate(userId: firstId, on: folder.id, role: .viewer)
            try await admin.collaborate(userId: secondId, on: folder.id, role: .viewer)
            let collaborations = try await admin.listCollaborations.getFolderCollaborations(folderId: folder.id).entries ?? []
            let own = try #require(collaborations.first { if case .userCollaborations(let user)? = $0.accessibleBy { user.id == firstId } else { false } })
            let other = try #require(collaborations.first { $0.id != own.id })

            let error = await #expect(throws: BoxAPIError.self) {
                try await first.userCollaborations.deleteCollaborationById(collaborationId: other.id)
            }
            try await first.userCollaborations.deleteCollaborationById(collaborationId: own.id)

            #expect(error?.status == 403)
            #expect(try await admin.listCollaborations.getFolderCollaborations(folderId: folder.id).entries?.map(\.id) == [other.id])
        }
    }

    @Test func thePreflightCheckAcceptsAFreeNameAndRefusesATakenOne() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            _ = try await client.makeFile("taken.txt", text: "t", in: folder.id)

            let accepted = try await client.uploads.preflightFileUploadCheck(requestBody: PreflightFileUploadCheckRequestBody(
                name: "free.txt", size: 1_000, parent: PreflightFileUploadCheckRequestBodyParentField(id: folder.id)))
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.uploads.preflightFileUploadCheck(requestBody: PreflightFileUploadCheckRequestBody(
                    name: "taken.txt", size: 1_000, parent: PreflightFileUploadCheckRequestBodyParentField(id: folder.id)))
            }

            #expect(accepted.uploadUrl?.contains("/files/content") == true)
            #expect(error?.status == 409)
        }
    }
}
