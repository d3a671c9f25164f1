import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.trashedFiles`, `client.trashedFolders`, `client.trashedWebLinks` and `client.trashedItems`,
/// as Box's documentation uses them.
@Suite("Drop-in: trashed files, folders, web links and items")
struct TrashTests {
    @Test func aTrashedFileIsReadRestoredAndThenPurged() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Drafts")
            let file = try await uploadText(client, name: "draft.txt", text: "draft", parentId: folder.id)
            try await client.files.deleteFileById(fileId: file.id)

            let trashedFile = try await client.trashedFiles.getTrashedFileById(fileId: file.id)
            #expect(trashedFile.id == file.id)
            #expect(trashedFile.trashedAt != nil)

            let restoredFile = try await client.trashedFiles.restoreFileFromTrash(fileId: file.id)
            #expect(restoredFile.parent?.id == folder.id)
            #expect(try await client.folders.getFolderItems(folderId: folder.id).totalCount == 1)

            try await client.files.deleteFileById(fileId: file.id)
            try await client.trashedFiles.deleteTrashedFileById(fileId: file.id)
            let error = await #expect(throws: BoxAPIError.self) { try await client.trashedFiles.getTrashedFileById(fileId: file.id) }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func aTrashedFileIsRestoredUnderANewNameElsewhere() async throws {
        try await withLocalBox { box in
            let client = box.client
            let from = try await createFolder(client, name: "From")
            let to = try await createFolder(client, name: "To")
            let file = try await uploadText(client, name: "old.txt", parentId: from.id)
            try await client.files.deleteFileById(fileId: file.id)

            let restoredFile = try await client.trashedFiles.restoreFileFromTrash(
                fileId: file.id,
                requestBody: RestoreFileFromTrashRequestBody(name: "new.txt", parent: RestoreFileFromTrashRequestBodyParentField(id: to.id)),
                queryParams: RestoreFileFromTrashQueryParams(fields: ["name", "parent"]))

            #expect(restoredFile.name == "new.txt")
            #expect(restoredFile.parent?.id == to.id)
            #expect(try await client.folders.getFolderItems(folderId: from.id).totalCount == 0)
        }
    }

    @Test func aTrashedFolderIsReadRestoredAndThenPurged() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Old project")
            _ = try await uploadText(client, name: "notes.txt", parentId: folder.id)
            try await client.folders.deleteFolderById(folderId: folder.id, queryParams: DeleteFolderByIdQueryParams(recursive: true))

            let trashedFolder = try await client.trashedFolders.getTrashedFolderById(folderId: folder.id)
            #expect(trashedFolder.id == folder.id)
            #expect(trashedFolder.name == "Old project")

            let restoredFolder = try await client.trashedFolders.restoreFolderFromTrash(
                folderId: folder.id, requestBody: RestoreFolderFromTrashRequestBody(name: "Old project (restored)"))
            #expect(restoredFolder.name == "Old project (restored)")
            #expect(try await client.folders.getFolderItems(folderId: folder.id).totalCount == 1)

            try await client.folders.deleteFolderById(folderId: folder.id, queryParams: DeleteFolderByIdQueryParams(recursive: true))
            try await client.trashedFolders.deleteTrashedFolderById(folderId: folder.id)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.trashedFolders.getTrashedFolderById(folderId: folder.id)
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func aTrashedWebLinkIsReadRestoredAndThenPurged() async throws {
        try await withLocalBox { box in
            let client = box.client
            let parent = try await createFolder(client, name: "Links")
            let weblink = try await client.webLinks.createWebLink(requestBody: CreateWebLinkRequestBody(
                url: "https://www.box.com", parent: CreateWebLinkRequestBodyParentField(id: parent.id), name: "Box"))
            try await client.webLinks.deleteWebLinkById(webLinkId: weblink.id)

            let trashedWebLink = try await client.trashedWebLinks.getTrashedWebLinkById(webLinkId: weblink.id)
            #expect(trashedWebLink.id == weblink.id)
            #expect(trashedWebLink.trashedAt != nil)

            let restoredWebLink = try await client.trashedWebLinks.restoreWeblinkFromTrash(
                webLinkId: weblink.id, requestBody: RestoreWeblinkFromTrashRequestBody(name: "Box (restored)"))
            #expect(restoredWebLink.name == "Box (restored)")
            #expect(try await client.webLinks.getWebLinkById(webLinkId: weblink.id).name == "Box (restored)")

            try await client.webLinks.deleteWebLinkById(webLinkId: weblink.id)
            try await client.trashedWebLinks.deleteTrashedWebLinkById(webLinkId: weblink.id)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.trashedWebLinks.getTrashedWebLinkById(webLinkId: weblink.id)
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }

    @Test func theTrashListsWhatWasDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Scratch")
            for name in ["b.txt", "a.txt", "c.txt"] {
                let file = try await uploadText(client, name: name, parentId: folder.id)
                try await client.files.deleteFileById(fileId: file.id)
            }

            let trashedItems = try await client.trashedItems.getTrashedItems()
            #expect(trashedItems.totalCount == 3)

            let firstPage = try await client.trashedItems.getTrashedItems(
                queryParams: GetTrashedItemsQueryParams(fields: ["name"], limit: 2, direction: .asc, sort: .name))
            #expect(firstPage.totalCount == 3)
            #expect(firstPage.limit == 2)
        }
    }
}

extension TrashTests {
    @Test func theTrashPagesItsEntries() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Scratch")
            for name in ["b.txt", "a.txt", "c.txt"] {
                let file = try await uploadText(client, name: name, parentId: folder.id)
                try await client.files.deleteFileById(fileId: file.id)
            }

            let firstPage = try await client.trashedItems.getTrashedItems(
                queryParams: GetTrashedItemsQueryParams(fields: ["name"], limit: 2, direction: .asc, sort: .name))
            #expect(firstPage.entries?.count == 2)
        }
    }
}
