import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.files`, as Box's documentation uses it.
@Suite("Drop-in: files")
struct FilesTests {
    @Test func aFileIsReadRenamedCopiedAndDeleted() async throws {
        try await withLocalBox { box in
            let client = box.client
            let uploaded = try await uploadText(client, name: "notes.txt", text: "some notes")

            let file = try await client.files.getFileById(
                fileId: uploaded.id, queryParams: GetFileByIdQueryParams(fields: ["is_externally_owned", "has_collaborations"]))
            #expect(file.isExternallyOwned == false)
            #expect(file.hasCollaborations == false)

            let favorites = try #require(try await client.collections.getCollections().entries?.first)
            let updated = try await client.files.updateFileById(
                fileId: uploaded.id, requestBody: UpdateFileByIdRequestBody(
                    name: "notes-2026.txt", description: "Updated description",
                    collections: [UpdateFileByIdRequestBodyCollectionsField(id: favorites.id, type: "collection")]))
            #expect(updated.name == "notes-2026.txt")
            #expect(updated.description == "Updated description")
            #expect(try await client.collections.getCollectionItems(collectionId: favorites.id).totalCount == 1)

            let copied = try await client.files.copyFile(
                fileId: uploaded.id, requestBody: CopyFileRequestBody(parent: CopyFileRequestBodyParentField(id: "0"), name: "notes copy.txt"))
            #expect(copied.id != uploaded.id)
            #expect(copied.parent?.id == "0")
            #expect(copied.name == "notes copy.txt")

            let colleague = box.seed.appUsers[0].id
            let handedOver = try await client.files.updateFileById(
                fileId: copied.id, requestBody: UpdateFileByIdRequestBody(parent: UpdateFileByIdRequestBodyParentField(id: "0", userId: colleague)))
            #expect(handedOver.ownedBy?.id == colleague)

            try await client.files.deleteFileById(fileId: uploaded.id)
            let trashedFile = try await client.trashedFiles.getTrashedFileById(fileId: uploaded.id)
            #expect(trashedFile.id == uploaded.id)
            #expect(try await client.files.getFileById(fileId: uploaded.id).itemStatus == FileItemStatusField.trashed)
        }
    }

    @Test func anUnchangedFileIsNotSentAgainForItsEtag() async throws {
        try await withLocalBox { box in
            let client = box.client
            let uploaded = try await uploadText(client, name: "etag.txt")
            let file = try await client.files.getFileById(fileId: uploaded.id)
            let etag = try #require(file.etag)

            await #expect(throws: (any Error).self) {
                try await client.files.getFileById(
                    fileId: uploaded.id, queryParams: GetFileByIdQueryParams(fields: ["name"]),
                    headers: GetFileByIdHeaders(extraHeaders: ["if-none-match": etag]))
            }
        }
    }

    @Test func aFileIsLocked() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await uploadText(client, name: "locked.txt")

            let fileWithLock = try await client.files.updateFileById(
                fileId: file.id,
                requestBody: UpdateFileByIdRequestBody(lock: .value(UpdateFileByIdRequestBodyLockField(access: UpdateFileByIdRequestBodyLockAccessField.lock))),
                queryParams: UpdateFileByIdQueryParams(fields: ["lock"]))

            #expect(fileWithLock.lock != nil)
        }
    }

    @Test func aThumbnailIsDownloadedAndItsUrlGiven() async throws {
        try await withLocalBox { box in
            let client = box.client
            let file = try await uploadText(client, name: "picture.txt", text: "pixels")
            let destinationPath = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(UUID().uuidString)
            defer { try? FileManager.default.removeItem(at: destinationPath) }

            _ = try await client.files.getFileThumbnailById(
                fileId: file.id, extension_: GetFileThumbnailByIdExtension.png, downloadDestinationUrl: destinationPath)
            let thumbnail = try Data(contentsOf: destinationPath)
            #expect(thumbnail.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))

            let thumbnailUrl = try await client.files.getFileThumbnailUrl(fileId: file.id, extension_: GetFileThumbnailUrlExtension.png)
            #expect(thumbnailUrl.hasPrefix("http"))
        }
    }
}
