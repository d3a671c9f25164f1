import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.folderLocks` and `client.folderWatermarks`, as Box's documentation uses them.
@Suite("Drop-in: folder locks and folder watermarks")
struct FolderLocksAndWatermarksTests {
    @Test func aLockedFolderCannotBeDeletedUntilItsLockIsRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Frozen")

            let lock = try await client.folderLocks.createFolderLock(requestBody: CreateFolderLockRequestBody(
                folder: CreateFolderLockRequestBodyFolderField(type: "folder", id: folder.id),
                lockedOperations: CreateFolderLockRequestBodyLockedOperationsField(move: true, delete: true)))
            #expect(lock.folder?.id == folder.id)
            #expect(lock.lockedOperations?.delete == true)

            let locks = try await client.folderLocks.getFolderLocks(queryParams: GetFolderLocksQueryParams(folderId: folder.id))
            #expect(locks.entries?.map(\.id) == [lock.id])

            let error = await #expect(throws: BoxAPIError.self) { try await client.folders.deleteFolderById(folderId: folder.id) }
            #expect(error?.responseInfo.statusCode == 403)

            try await client.folderLocks.deleteFolderLockById(folderLockId: lock.id)
            let after = try await client.folderLocks.getFolderLocks(queryParams: GetFolderLocksQueryParams(folderId: folder.id))
            #expect(after.entries?.isEmpty == true)
            try await client.folders.deleteFolderById(folderId: folder.id)
        }
    }

    @Test func aFolderIsWatermarkedReadAndUnwatermarked() async throws {
        try await withLocalBox { box in
            let client = box.client
            let folder = try await createFolder(client, name: "Confidential")

            let applied = try await client.folderWatermarks.updateFolderWatermark(
                folderId: folder.id,
                requestBody: UpdateFolderWatermarkRequestBody(
                    watermark: UpdateFolderWatermarkRequestBodyWatermarkField(imprint: .default)))
            #expect(applied.watermark?.createdAt != nil)

            let read = try await client.folderWatermarks.getFolderWatermark(folderId: folder.id)
            #expect(read.watermark?.createdAt == applied.watermark?.createdAt)

            try await client.folderWatermarks.deleteFolderWatermark(folderId: folder.id)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.folderWatermarks.getFolderWatermark(folderId: folder.id)
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }
}
