import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.appItemAssociations`, as Box's documentation uses it.
@Suite("Drop-in: app item associations")
struct AppItemAssociationsTests {
    @Test func aFileListsTheHubItBelongsTo() async throws {
        try await withLocalBox { box in
            let client = box.client
            let fileId = box.seed.adminUser.fileId

            let fileAppItemAssociations = try await client.appItemAssociations.getFileAppItemAssociations(fileId: fileId)

            #expect(fileAppItemAssociations.entries?.count == 1)
            let association = try #require(fileAppItemAssociations.entries?.first)
            #expect(association.id != "")
            #expect(association.appItem.applicationType == "hubs")
            #expect(association.appItem.type.rawValue == "app_item")
            let file = try await client.files.getFileById(fileId: fileId, queryParams: GetFileByIdQueryParams(fields: ["is_associated_with_app_item"]))
            #expect(file.isAssociatedWithAppItem == true)
            let onlyCanvas = try await client.appItemAssociations.getFileAppItemAssociations(
                fileId: fileId, queryParams: GetFileAppItemAssociationsQueryParams(applicationType: "canvas"))
            #expect(onlyCanvas.entries?.isEmpty == true)
        }
    }

    @Test func aFolderListsTheHubItBelongsTo() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folderId = box.seed.adminUser.folderId

            let folderAppItemAssociations = try await client.appItemAssociations.getFolderAppItemAssociations(folderId: folderId)

            #expect(folderAppItemAssociations.entries?.count == 1)
            let association = try #require(folderAppItemAssociations.entries?.first)
            #expect(association.appItem.id == box.seed.appItemId)
            #expect(association.appItem.applicationType == "hubs")
            let folder = try await client.folders.getFolderById(
                folderId: folderId, queryParams: GetFolderByIdQueryParams(fields: ["is_associated_with_app_item"]))
            #expect(folder.isAssociatedWithAppItem == true)
        }
    }
}
