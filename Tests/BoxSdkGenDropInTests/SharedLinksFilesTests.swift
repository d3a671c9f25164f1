import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.sharedLinksFiles` and `client.sharedLinksAppItems`, as Box's documentation uses them.
@Suite("Drop-in: shared links of files and app items")
struct SharedLinksFilesTests {
    @Test func aFileSharedByLinkIsFoundByAnotherUser() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await uploadText(client, name: "open.txt", text: "for everyone")
            let shared = try await client.files.updateFileById(fileId: file.id, requestBody: UpdateFileByIdRequestBody(
                sharedLink: .value(UpdateFileByIdRequestBodySharedLinkField(access: UpdateFileByIdRequestBodySharedLinkAccessField.open))),
                queryParams: UpdateFileByIdQueryParams(fields: ["shared_link"]))
            let url = try #require(shared.sharedLink?.url)

            let user = try await box.client(forUser: box.seed.appUsers[0].id)
            let found = try await user.sharedLinksFiles.findFileForSharedLink(
                queryParams: FindFileForSharedLinkQueryParams(), headers: FindFileForSharedLinkHeaders(boxapi: "shared_link=\(url)"))
            #expect(found.id == file.id)
            #expect(found.name == "open.txt")
        }
    }

    @Test func anAppItemIsFoundByItsSharedLink() async throws {
        try await withLocalBox { box in
            let appItem = try await box.client.sharedLinksAppItems.findAppItemForSharedLink(
                headers: FindAppItemForSharedLinkHeaders(boxapi: "shared_link=\(box.server.seededAppItemSharedLink)"))
            #expect(appItem.id == box.seed.appItemId)
            #expect(appItem.applicationType == "hubs")
        }
    }

    @Test func aFileIsSharedWithAPasswordFoundByItsLinkUpdatedAndUnshared() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await uploadText(client, name: "plan.txt", text: "the plan")

            _ = try await client.sharedLinksFiles.addShareLinkToFile(
                fileId: file.id,
                requestBody: AddShareLinkToFileRequestBody(sharedLink: AddShareLinkToFileRequestBodySharedLinkField(
                    access: AddShareLinkToFileRequestBodySharedLinkAccessField.open, password: .value("Secret123@"))),
                queryParams: AddShareLinkToFileQueryParams(fields: "shared_link"))
            let shared = try await client.sharedLinksFiles.getSharedLinkForFile(
                fileId: file.id, queryParams: GetSharedLinkForFileQueryParams(fields: "shared_link"))
            let link = try #require(shared.sharedLink)
            #expect(link.access == .open)

            let user = try await box.client(forUser: box.seed.appUsers[0].id)
            let found = try await user.sharedLinksFiles.findFileForSharedLink(
                queryParams: FindFileForSharedLinkQueryParams(),
                headers: FindFileForSharedLinkHeaders(boxapi: "shared_link=\(link.url)&shared_link_password=Secret123@"))
            #expect(found.id == file.id)
            await #expect(throws: BoxAPIError.self) {
                try await user.sharedLinksFiles.findFileForSharedLink(
                    queryParams: FindFileForSharedLinkQueryParams(),
                    headers: FindFileForSharedLinkHeaders(boxapi: "shared_link=\(link.url)&shared_link_password=wrong"))
            }

            let updated = try await client.sharedLinksFiles.updateSharedLinkOnFile(
                fileId: file.id,
                requestBody: UpdateSharedLinkOnFileRequestBody(sharedLink: UpdateSharedLinkOnFileRequestBodySharedLinkField(
                    access: UpdateSharedLinkOnFileRequestBodySharedLinkAccessField.collaborators)),
                queryParams: UpdateSharedLinkOnFileQueryParams(fields: "shared_link"))
            #expect(updated.sharedLink?.access == .collaborators)

            let removed = try await client.sharedLinksFiles.removeSharedLinkFromFile(
                fileId: file.id, requestBody: RemoveSharedLinkFromFileRequestBody(sharedLink: .null),
                queryParams: RemoveSharedLinkFromFileQueryParams(fields: "shared_link"))
            #expect(removed.sharedLink == nil)
        }
    }
}
