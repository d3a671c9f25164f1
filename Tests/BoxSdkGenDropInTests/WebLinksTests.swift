import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.webLinks`, as Box's documentation uses it.
@Suite("Drop-in: web links")
struct WebLinksTests {
    @Test func aWebLinkIsCreatedReadUpdatedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client
            let parent = try await createFolder(client, name: "Bookmarks")

            let weblink = try await client.webLinks.createWebLink(requestBody: CreateWebLinkRequestBody(
                url: "https://www.box.com", parent: CreateWebLinkRequestBodyParentField(id: parent.id), name: "Box",
                description: "Weblink description"))
            #expect(weblink.url == "https://www.box.com")
            #expect(weblink.name == "Box")

            let read = try await client.webLinks.getWebLinkById(webLinkId: weblink.id)
            #expect(read.description == "Weblink description")
            #expect(read.parent?.id == parent.id)

            let updated = try await client.webLinks.updateWebLinkById(
                webLinkId: weblink.id, requestBody: UpdateWebLinkByIdRequestBody(url: "https://developer.box.com", name: "Box developers"))
            #expect(updated.name == "Box developers")
            #expect(try await client.webLinks.getWebLinkById(webLinkId: weblink.id).url == "https://developer.box.com")

            try await client.webLinks.deleteWebLinkById(webLinkId: weblink.id)
            let trashed = try await client.trashedWebLinks.getTrashedWebLinkById(webLinkId: weblink.id)
            #expect(trashed.id == weblink.id)
            let items = try await client.folders.getFolderItems(folderId: parent.id)
            #expect(items.totalCount == 0)
        }
    }

    @Test func aWebLinkIsMovedToAnotherFolder() async throws {
        try await withLocalBox { box in
            let client = box.client
            let from = try await createFolder(client, name: "From")
            let to = try await createFolder(client, name: "To")
            let weblink = try await client.webLinks.createWebLink(requestBody: CreateWebLinkRequestBody(
                url: "https://www.box.com", parent: CreateWebLinkRequestBodyParentField(id: from.id)))

            let moved = try await client.webLinks.updateWebLinkById(
                webLinkId: weblink.id, requestBody: UpdateWebLinkByIdRequestBody(parent: UpdateWebLinkByIdRequestBodyParentField(id: to.id)))

            #expect(moved.parent?.id == to.id)
            #expect(try await client.folders.getFolderItems(folderId: to.id).totalCount == 1)
            #expect(try await client.folders.getFolderItems(folderId: from.id).totalCount == 0)

            let colleague = box.seed.appUsers[0].id
            let handedOver = try await client.webLinks.updateWebLinkById(
                webLinkId: weblink.id,
                requestBody: UpdateWebLinkByIdRequestBody(parent: UpdateWebLinkByIdRequestBodyParentField(id: "0", userId: colleague)))
            #expect(handedOver.ownedBy?.id == colleague)
            #expect(try await client.folders.getFolderItems(folderId: to.id).totalCount == 0)
        }
    }

    @Test func aWebLinkToSomethingOtherThanTheWebIsRefused() async throws {
        try await withLocalBox { box in
            let client = box.client
            let parent = try await createFolder(client, name: "Links")

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.webLinks.createWebLink(requestBody: CreateWebLinkRequestBody(
                    url: "ftp://example.com/file", parent: CreateWebLinkRequestBodyParentField(id: parent.id), name: "ftp"))
            }
            #expect(error?.responseInfo.statusCode == 400)
        }
    }
}
