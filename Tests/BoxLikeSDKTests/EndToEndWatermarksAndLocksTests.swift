import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Watermarks on files and folders, and folder locks.
@Suite("Watermarks and folder locks against the server")
struct EndToEndWatermarksAndLocksTests {
    @Test func aFileIsWatermarkedOnceAndUnwatermarked() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("secret.pdf", text: "x", in: try await client.makeFolder().id)
            let request = WatermarkRequest(watermark: WatermarkRequestWatermarkField(imprint: .default))

            let applied = try await client.fileWatermarks.updateFileWatermark(fileId: file.id, requestBody: request)
            let again = try await client.fileWatermarks.updateFileWatermark(fileId: file.id, requestBody: request)
            let read = try await client.fileWatermarks.getFileWatermark(fileId: file.id)

            #expect(applied.watermark?.createdAt != nil)
            #expect(again.watermark?.createdAt == applied.watermark?.createdAt)
            #expect(read.watermark?.createdAt == applied.watermark?.createdAt)

            try await client.fileWatermarks.deleteFileWatermark(fileId: file.id)

            let error = await #expect(throws: BoxAPIError.self) { try await client.fileWatermarks.getFileWatermark(fileId: file.id) }
            #expect(error?.status == 404)
        }
    }

    @Test func aFileUnderAWatermarkedFolderShowsItsWatermarkAsInherited() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder("confidential")
            let file = try await client.makeFile("a.txt", text: "x", in: folder.id)

            _ = try await client.folderWatermarks.updateFolderWatermark(
                folderId: folder.id, requestBody: WatermarkRequest(watermark: WatermarkRequestWatermarkField(imprint: .default)))
            let readFile = try await client.files.getFileById(fileId: file.id, queryParams: GetFileByIdQueryParams(fields: ["watermark_info"]))
            let readFolder = try await client.folders.getFolderById(folderId: folder.id, queryParams: GetFolderByIdQueryParams(fields: ["watermark_info"]))

            #expect(readFile.watermarkInfo?.isWatermarked == true)
            #expect(readFile.watermarkInfo?.isWatermarkInherited == true)
            #expect(readFile.watermarkInfo?.isWatermarkedByAccessPolicy == false)
            #expect(readFolder.watermarkInfo?.isWatermarked == true)
            #expect(readFolder.watermarkInfo?.isWatermarkInherited == false)
        }
    }

    @Test func theOwnerMayApplyAWatermarkAndAViewerMayNot() async throws {
        try await withServer { server in
            let (owner, _) = try await server.developerTokenClient()
            let viewerId = server.seed.appUsers[0].id
            let (viewer, _) = try await server.developerTokenClient(userId: viewerId)
            let folder = try await owner.makeFolder("shared")
            let file = try await owner.makeFile("a.txt", text: "x", in: folder.id)
            try await owner.collaborate(userId: viewerId, on: folder.id, role: .viewer)

            let asOwner = try await owner.files.getFileById(fileId: file.id, queryParams: GetFileByIdQueryParams(fields: ["permissions"]))
            let asViewer = try await viewer.files.getFileById(fileId: file.id, queryParams: GetFileByIdQueryParams(fields: ["permissions"]))
            let folderAsViewer = try await viewer.folders.getFolderById(folderId: folder.id, queryParams: GetFolderByIdQueryParams(fields: ["permissions"]))

            #expect(asOwner.permissions?.canApplyWatermark == true)
            #expect(asViewer.permissions?.canApplyWatermark == false)
            #expect(folderAsViewer.permissions?.canApplyWatermark == false)
            let refused = await #expect(throws: BoxAPIError.self) {
                try await viewer.fileWatermarks.updateFileWatermark(
                    fileId: file.id, requestBody: WatermarkRequest(watermark: WatermarkRequestWatermarkField(imprint: .default)))
            }
            #expect(refused?.status == 403)
        }
    }

    @Test func aFolderWatermarkCoversTheFilesInIt() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder("confidential")
            let file = try await client.makeFile("a.txt", text: "x", in: folder.id)

            _ = try await client.folderWatermarks.updateFolderWatermark(
                folderId: folder.id, requestBody: WatermarkRequest(watermark: WatermarkRequestWatermarkField(imprint: .default)))

            #expect(try await client.folderWatermarks.getFolderWatermark(folderId: folder.id).watermark != nil)
            let read = try await client.files.getFileById(fileId: file.id, queryParams: GetFileByIdQueryParams(fields: ["watermark_info"]))
            #expect(read.watermarkInfo?.isWatermarked == true)

            try await client.folderWatermarks.deleteFolderWatermark(folderId: folder.id)
            let after = try await client.files.getFileById(fileId: file.id, queryParams: GetFileByIdQueryParams(fields: ["watermark_info"]))
            #expect(after.watermarkInfo?.isWatermarked == false)
        }
    }

    @Test func aViewerCannotWatermark() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let viewerId = server.seed.appUsers[0].id
            let (viewer, _) = try await server.developerTokenClient(userId: viewerId)
            let folder = try await admin.makeFolder()
            try await admin.collaborate(userId: viewerId, on: folder.id, role: .viewer)

            let error = await #expect(throws: BoxAPIError.self) {
                try await viewer.folderWatermarks.updateFolderWatermark(
                    folderId: folder.id, requestBody: WatermarkRequest(watermark: WatermarkRequestWatermarkField(imprint: .default)))
            }

            #expect(error?.status == 403)
        }
    }

    @Test func aLockedFolderCannotBeMovedOrDeletedUntilUnlocked() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder("frozen")
            let elsewhere = try await client.makeFolder("elsewhere")

            let lock = try await client.folderLocks.createFolderLock(requestBody: CreateFolderLockRequestBody(
                folder: CreateFolderLockRequestBodyFolderField(type: "folder", id: folder.id),
                lockedOperations: CreateFolderLockRequestBodyLockedOperationsField(move: true, delete: true)))

            #expect(lock.folder?.id == folder.id)
            #expect(lock.lockedOperations?.move == true)
            let moveError = await #expect(throws: BoxAPIError.self) {
                try await client.folders.updateFolderById(
                    folderId: folder.id, requestBody: UpdateFolderByIdRequestBody(parent: UpdateFolderByIdRequestBodyParentField(id: elsewhere.id)))
            }
            let deleteError = await #expect(throws: BoxAPIError.self) { try await client.folders.deleteFolderById(folderId: folder.id) }
            #expect(moveError?.status == 403)
            #expect(deleteError?.status == 403)
            #expect(try await client.folderLocks.getFolderLocks(queryParams: GetFolderLocksQueryParams(folderId: folder.id)).entries?.map(\.id) == [lock.id])

            try await client.folderLocks.deleteFolderLockById(folderLockId: lock.id)

            try await client.folders.deleteFolderById(folderId: folder.id)
            #expect(try await client.folderLocks.getFolderLocks(queryParams: GetFolderLocksQueryParams(folderId: elsewhere.id)).entries?.isEmpty == true)
        }
    }

    @Test func onlyTheOwnerLocksAFolder() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let editorId = server.seed.appUsers[0].id
            let (editor, _) = try await server.developerTokenClient(userId: editorId)
            let folder = try await admin.makeFolder()
            try await admin.collaborate(userId: editorId, on: folder.id, role: .editor)

            let error = await #expect(throws: BoxAPIError.self) {
                try await editor.folderLocks.createFolderLock(requestBody: CreateFolderLockRequestBody(
                    folder: CreateFolderLockRequestBodyFolderField(type: "folder", id: folder.id)))
            }

            #expect(error?.status == 403)
            #expect(try await admin.folderLocks.getFolderLocks(queryParams: GetFolderLocksQueryParams(folderId: folder.id)).entries?.isEmpty == true)
        }
    }
}
