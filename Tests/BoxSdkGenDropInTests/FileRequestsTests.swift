import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.fileRequests`, as Box's documentation uses it.
@Suite("Drop-in: file requests")
struct FileRequestsTests {
    @Test func aFileRequestIsCopiedUpdatedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client
            let fileRequestId = box.seed.fileRequestId
            let fileRequest = try await client.fileRequests.getFileRequestById(fileRequestId: fileRequestId)
            #expect(fileRequest.id == fileRequestId)

            let folder = try await createFolder(client, name: "Submissions")
            let copiedFileRequest = try await client.fileRequests.createFileRequestCopy(
                fileRequestId: fileRequestId,
                requestBody: FileRequestCopyRequest(folder: FileRequestCopyRequestFolderField(id: folder.id, type: FileRequestCopyRequestFolderTypeField.folder)))
            #expect(copiedFileRequest.id != fileRequestId)
            #expect(copiedFileRequest.title == fileRequest.title)
            #expect(copiedFileRequest.folder.id == folder.id)

            let updatedFileRequest = try await client.fileRequests.updateFileRequestById(
                fileRequestId: copiedFileRequest.id,
                requestBody: FileRequestUpdateRequest(title: "updated title", description: "updated description"))
            #expect(updatedFileRequest.title == "updated title")
            #expect(updatedFileRequest.description == "updated description")

            try await client.fileRequests.deleteFileRequestById(fileRequestId: updatedFileRequest.id)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.fileRequests.getFileRequestById(fileRequestId: updatedFileRequest.id)
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }
}
