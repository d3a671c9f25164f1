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

    @Test func aFolderListingIsReadWithASwitchOnBoxsCaseNames() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await client.folders.createFolder(
                requestBody: CreateFolderRequestBody(name: "Mixed", parent: CreateFolderRequestBodyParentField(id: "0")))
            _ = try await client.folders.createFolder(
                requestBody: CreateFolderRequestBody(name: "Sub", parent: CreateFolderRequestBodyParentField(id: folder.id)))
            _ = try await client.uploads.uploadFile(requestBody: UploadFileRequestBody(
                attributes: UploadFileRequestBodyAttributesField(
                    name: "notes.txt", parent: UploadFileRequestBodyAttributesParentField(id: folder.id)),
                file: InputStream(data: Data("notes".utf8))))
            _ = try await client.webLinks.createWebLink(requestBody: CreateWebLinkRequestBody(
                url: "https://example.com", parent: CreateWebLinkRequestBodyParentField(id: folder.id), name: "Site"))

            var seen: [String] = []
            for entry in try await client.folders.getFolderItems(folderId: folder.id).entries ?? [] {
                switch entry {
                case .fileFull(let file): seen.append("file " + (file.name ?? ""))
                case .folderMini(let subfolder): seen.append("folder " + (subfolder.name ?? ""))
                case .webLink(let link): seen.append("link " + (link.name ?? ""))
                default: seen.append("other")
                }
            }
            #expect(seen == ["folder Sub", "file notes.txt", "link Site"])
        }
    }
}
