import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.folders`, as Box's documentation uses it.
@Suite("Drop-in: folders")
struct FoldersTests {
    @Test func aFolderIsCreatedReadRenamedCopiedListedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client

            let folder = try await client.folders.createFolder(
                requestBody: CreateFolderRequestBody(name: "Reports", parent: CreateFolderRequestBodyParentField(id: "0")))
            let read = try await client.folders.getFolderById(folderId: folder.id)
            #expect(read.name == "Reports")

            let renamed = try await client.folders.updateFolderById(
                folderId: folder.id, requestBody: UpdateFolderByIdRequestBody(name: "Reports 2026"))
            #expect(renamed.name == "Reports 2026")

            let copy = try await client.folders.copyFolder(
                folderId: folder.id,
                requestBody: CopyFolderRequestBody(parent: CopyFolderRequestBodyParentField(id: "0"), name: "Reports copy"))
            #expect(copy.id != folder.id)

            _ = try await client.uploads.uploadFile(requestBody: UploadFileRequestBody(
                attributes: UploadFileRequestBodyAttributesField(
                    name: "q1.txt", parent: UploadFileRequestBodyAttributesParentField(id: folder.id)),
                file: InputStream(data: Data("first quarter".utf8))))
            let items = try await client.folders.getFolderItems(
                folderId: folder.id, queryParams: GetFolderItemsQueryParams(fields: ["name"], limit: 100))
            #expect(items.totalCount == 1)

            try await client.folders.deleteFolderById(folderId: copy.id, queryParams: DeleteFolderByIdQueryParams(recursive: true))
            await #expect(throws: BoxAPIError.self) { try await client.folders.getFolderById(folderId: copy.id) }
        }
    }
}
