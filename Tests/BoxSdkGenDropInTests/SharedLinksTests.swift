import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.sharedLinksFolders` and `client.sharedLinksWebLinks`, as Box's documentation uses them.
@Suite("Drop-in: shared links of folders and web links")
struct SharedLinksTests {
    @Test func anotherUserFindsAFolderByItsSharedLinkAndPassword() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Public")
            let folderFromApi = try await client.sharedLinksFolders.addShareLinkToFolder(
                folderId: folder.id,
                requestBody: AddShareLinkToFolderRequestBody(sharedLink: AddShareLinkToFolderRequestBodySharedLinkField(
                    access: AddShareLinkToFolderRequestBodySharedLinkAccessField.open, password: "Secret123@")),
                queryParams: AddShareLinkToFolderQueryParams(fields: "shared_link"))
            let sharedLinkUrl = try #require(folderFromApi.sharedLink?.url)
            let userClient = try await box.client(forUser: box.seed.appUsers[0].id)

            let found = try await userClient.sharedLinksFolders.findFolderForSharedLink(
                queryParams: FindFolderForSharedLinkQueryParams(),
                headers: FindFolderForSharedLinkHeaders(boxapi: "\("shared_link=")\(sharedLinkUrl)\("&shared_link_password=Secret123@")"))
            #expect(found.id == folder.id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await userClient.sharedLinksFolders.findFolderForSharedLink(
                    headers: FindFolderForSharedLinkHeaders(boxapi: "shared_link=\(sharedLinkUrl)&shared_link_password=wrong"))
            }
            #expect(error?.responseInfo.statusCode == 403)
        }
    }

    @Test func anotherUserFindsAWebLinkByItsSharedLink() async throws {
        try await withLocalBox { box in
            let client = box.client
            let parent = try await createFolder(client, name: "Links")
            let webLink = try await client.webLinks.createWebLink(requestBody: CreateWebLinkRequestBody(
                url: "https://www.box.com", parent: CreateWebLinkRequestBodyParentField(id: parent.id), name: "Box"))
            let webLinkFromApi = try await client.sharedLinksWebLinks.addShareLinkToWebLink(
                webLinkId: webLink.id,
                requestBody: AddShareLinkToWebLinkRequestBody(sharedLink: AddShareLinkToWebLinkRequestBodySharedLinkField(
                    access: AddShareLinkToWebLinkRequestBodySharedLinkAccessField.open)),
                queryParams: AddShareLinkToWebLinkQueryParams(fields: "shared_link"))
            let sharedLinkUrl = try #require(webLinkFromApi.sharedLink?.url)
            let userClient = try await box.client(forUser: box.seed.appUsers[0].id)

            let found = try await userClient.sharedLinksWebLinks.findWebLinkForSharedLink(
                queryParams: FindWebLinkForSharedLinkQueryParams(fields: ["url"]),
                headers: FindWebLinkForSharedLinkHeaders(boxapi: "shared_link=\(sharedLinkUrl)"))
            #expect(found.id == webLink.id)
            #expect(found.url == "https://www.box.com")
        }
    }

    @Test func aFolderIsSharedReadUpdatedAndUnshared() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Shared")

            let folderFromApi = try await client.sharedLinksFolders.addShareLinkToFolder(
                folderId: folder.id,
                requestBody: AddShareLinkToFolderRequestBody(sharedLink: AddShareLinkToFolderRequestBodySharedLinkField(
                    access: AddShareLinkToFolderRequestBodySharedLinkAccessField.open, password: "Secret123@")),
                queryParams: AddShareLinkToFolderQueryParams(fields: "shared_link"))
            #expect(folderFromApi.sharedLink?.access == .open)

            let read = try await client.sharedLinksFolders.getSharedLinkForFolder(
                folderId: folder.id, queryParams: GetSharedLinkForFolderQueryParams(fields: "shared_link"))
            #expect(read.sharedLink?.url == folderFromApi.sharedLink?.url)

            let updated = try await client.sharedLinksFolders.updateSharedLinkOnFolder(
                folderId: folder.id,
                requestBody: UpdateSharedLinkOnFolderRequestBody(sharedLink: UpdateSharedLinkOnFolderRequestBodySharedLinkField(
                    access: UpdateSharedLinkOnFolderRequestBodySharedLinkAccessField.collaborators)),
                queryParams: UpdateSharedLinkOnFolderQueryParams(fields: "shared_link"))
            #expect(updated.sharedLink?.access == .collaborators)

            let removed = try await client.sharedLinksFolders.removeSharedLinkFromFolder(
                folderId: folder.id, requestBody: RemoveSharedLinkFromFolderRequestBody(sharedLink: .null),
                queryParams: RemoveSharedLinkFromFolderQueryParams(fields: "shared_link"))
            #expect(removed.sharedLink == nil)
        }
    }

    @Test func aWebLinkIsSharedReadUpdatedAndUnshared() async throws {
        try await withLocalBox { box in
            let client = box.client
            let parent = try await createFolder(client, name: "Links")
            let webLink = try await client.webLinks.createWebLink(requestBody: CreateWebLinkRequestBody(
                url: "https://www.box.com", parent: CreateWebLinkRequestBodyParentField(id: parent.id), name: "Box"))

            let webLinkFromApi = try await client.sharedLinksWebLinks.addShareLinkToWebLink(
                webLinkId: webLink.id,
                requestBody: AddShareLinkToWebLinkRequestBody(sharedLink: AddShareLinkToWebLinkRequestBodySharedLinkField(
                    access: AddShareLinkToWebLinkRequestBodySharedLinkAccessField.open, password: "Secret123@")),
                queryParams: AddShareLinkToWebLinkQueryParams(fields: "shared_link"))
            #expect(webLinkFromApi.sharedLink?.access == .open)

            let read = try await client.sharedLinksWebLinks.getSharedLinkForWebLink(
                webLinkId: webLink.id, queryParams: GetSharedLinkForWebLinkQueryParams(fields: "shared_link"))
            #expect(read.sharedLink?.url == webLinkFromApi.sharedLink?.url)

            let updated = try await client.sharedLinksWebLinks.updateSharedLinkOnWebLink(
                webLinkId: webLink.id,
                requestBody: UpdateSharedLinkOnWebLinkRequestBody(sharedLink: UpdateSharedLinkOnWebLinkRequestBodySharedLinkField(
                    access: UpdateSharedLinkOnWebLinkRequestBodySharedLinkAccessField.collaborators)),
                queryParams: UpdateSharedLinkOnWebLinkQueryParams(fields: "shared_link"))
            #expect(updated.sharedLink?.access == .collaborators)

            let removed = try await client.sharedLinksWebLinks.removeSharedLinkFromWebLink(
                webLinkId: webLink.id, requestBody: RemoveSharedLinkFromWebLinkRequestBody(sharedLink: .null),
                queryParams: RemoveSharedLinkFromWebLinkQueryParams(fields: "shared_link"))
            #expect(removed.sharedLink == nil)
        }
    }
}
