import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Deleting moves items to the trash; the trash managers list, read, restore and purge them.
@Suite("Trash against the server")
struct EndToEndTrashTests {
    @Test func deletingAFileMovesItToTheTrash() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let file = try await client.makeFile("a.txt", text: "alpha", in: folder.id)

            try await client.files.deleteFileById(fileId: file.id)

            #expect(try await client.files.getFileById(fileId: file.id).itemStatus?.rawValue == "trashed")
            let trashed = try await client.trashedFiles.getTrashedFileById(fileId: file.id)
            #expect(trashed.itemStatus?.rawValue == "trashed")
            let trashedAt = try #require(trashed.trashedAt)
            let purgedAt = try #require(trashed.purgedAt)
            #expect(purgedAt.timeIntervalSince(trashedAt) == 30 * 24 * 60 * 60)
            #expect(try await client.trashedItems.getTrashedItems().entries?.map(\.key) == ["file/\(file.id)"])
            #expect(try await client.names(in: folder.id).isEmpty)
        }
    }

    @Test func theTrashListPagesByOffsetInTheOrderItemsWereTrashed() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            var expected: [String] = []
            for index in 0..<5 {
                let file = try await client.makeFile("f\(index).txt", text: "\(index)", in: folder.id)
                try await client.files.deleteFileById(fileId: file.id)
                expected.append("file/\(file.id)")
            }
            await server.requestLog.clear()

            let paged = try await client.trashedItems.getTrashedItemsSequence(queryParams: GetTrashedItemsQueryParams(limit: 2)).collect()

            #expect(paged.map(\.key) == expected)
            let pages = await server.requestLog.entries(method: "GET", path: .exact("/2.0/folders/trash/items"))
            #expect(pages.map { TestBrowser.queryParameters(of: "?" + $0.query)["offset"] } == ["0", "2", "4"])
        }
    }

    @Test func theTrashListPagesByMarkerWhenAsked() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            var expected: [String] = []
            for index in 0..<3 {
                let file = try await client.makeFile("m\(index).txt", text: "\(index)", in: folder.id)
                try await client.files.deleteFileById(fileId: file.id)
                expected.append("file/\(file.id)")
            }

            let first = try await client.trashedItems.getTrashedItems(queryParams: GetTrashedItemsQueryParams(limit: 2, usemarker: true))
            let marker = try #require(first.nextMarker)
            let second = try await client.trashedItems.getTrashedItems(
                queryParams: GetTrashedItemsQueryParams(limit: 2, usemarker: true, marker: marker))

            #expect(first.totalCount == nil)
            #expect(((first.entries ?? []) + (second.entries ?? [])).map(\.key) == expected)
            #expect(second.nextMarker == nil)
        }
    }

    @Test func theTrashListSortsByNameDescending() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            for name in ["b.txt", "c.txt", "a.txt"] {
                let file = try await client.makeFile(name, text: name, in: folder.id)
                try await client.files.deleteFileById(fileId: file.id)
            }

            let page = try await client.trashedItems.getTrashedItems(queryParams: GetTrashedItemsQueryParams(direction: .desc, sort: .name))

            let names = (page.entries ?? []).compactMap { entry -> String? in
                if case .fileFull(let file) = entry { return file.name }
                return nil
            }
            #expect(names == ["c.txt", "b.txt", "a.txt"])
            #expect(page.totalCount == 3)
        }
    }

    @Test func restoringAFilePutsItBackWhereItWasWithItsContent() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let file = try await client.makeFile("keep.txt", text: "kept bytes", in: folder.id)
            try await client.files.deleteFileById(fileId: file.id)

            let restored = try await client.trashedFiles.restoreFileFromTrash(fileId: file.id)

            #expect(restored.id == file.id)
            #expect(restored.itemStatus?.rawValue == "active")
            #expect(restored.trashedAt == nil)
            #expect(restored.parent?.id == folder.id)
            #expect(try await client.names(in: folder.id) == ["keep.txt"])
            #expect(try await client.text(ofFile: file.id) == "kept bytes")
            #expect(try await client.trashedItems.getTrashedItems().entries?.isEmpty == true)
            let events = try await client.events.getEvents(queryParams: GetEventsQueryParams(streamPosition: "0")).entries ?? []
            #expect(events.contains { event in
                guard event.eventType?.rawValue == "ITEM_UNDELETE_VIA_TRASH", case .file(let source)? = event.source else { return false }
                return source.id == file.id
            })
        }
    }

    @Test func aTrashedFilesSharedLinkIsNullUntilRestoredAndThenWorksAgain() async throws {
        try await withServer { server in
            let (owner, _) = try await server.developerTokenClient()
            let (visitor, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let file = try await owner.makeFile("shared.txt", text: "hello", in: try await owner.makeFolder().id)
            let shared = try await owner.sharedLinksFiles.addShareLinkToFile(
                fileId: file.id, requestBody: AddShareLinkToFileRequestBody(sharedLink: SharedLinkRequest(access: .open)),
                queryParams: AddShareLinkToFileQueryParams(fields: "shared_link"))
            let url = try #require(shared.sharedLink?.url)

            try await owner.files.deleteFileById(fileId: file.id)
            let trashed = try await owner.trashedFiles.getTrashedFileById(fileId: file.id)
            let restored = try await owner.trashedFiles.restoreFileFromTrash(fileId: file.id)

            #expect(trashed.sharedLink == nil)
            #expect(restored.sharedLink == nil)
            let found = try await visitor.sharedLinksFiles.findFileForSharedLink(headers: FindFileForSharedLinkHeaders(boxapi: "shared_link=\(url)"))
            #expect(found.id == file.id)
        }
    }

    @Test func restoringCanGiveANewNameAndParent() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let from = try await client.makeFolder("from")
            let to = try await client.makeFolder("to")
            let file = try await client.makeFile("old.txt", text: "x", in: from.id)
            try await client.files.deleteFileById(fileId: file.id)

            let restored = try await client.trashedFiles.restoreFileFromTrash(
                fileId: file.id, requestBody: RestoreFileFromTrashRequestBody(name: "new.txt", parent: RestoreFileFromTrashRequestBodyParentField(id: to.id)))

            #expect(restored.name == "new.txt")
            #expect(restored.parent?.id == to.id)
            #expect(try await client.names(in: to.id) == ["new.txt"])
            #expect(try await client.names(in: from.id).isEmpty)
        }
    }

    @Test func restoringOverATakenNameIsA409AndTheFileStaysInTheTrash() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let trashed = try await client.makeFile("same.txt", text: "old", in: folder.id)
            try await client.files.deleteFileById(fileId: trashed.id)
            let newer = try await client.makeFile("same.txt", text: "new", in: folder.id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.trashedFiles.restoreFileFromTrash(fileId: trashed.id)
            }

            #expect(error?.status == 409)
            #expect(error?.code == "item_name_in_use")
            #expect(error?.contextInfo?.contains(newer.id) == true)
            let still = try await client.trashedFiles.getTrashedFileById(fileId: trashed.id)
            #expect(still.itemStatus?.rawValue == "trashed")
            #expect(try await client.text(ofFile: newer.id) == "new")
        }
    }

    @Test func aFileWhoseFolderIsGoneIsRestoredOnlyIntoAnotherFolder() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let file = try await client.makeFile("orphan.txt", text: "x", in: folder.id)
            try await client.files.deleteFileById(fileId: file.id)
            try await client.folders.deleteFolderById(folderId: folder.id)

            let error = await #expect(throws: BoxAPIError.self) { try await client.trashedFiles.restoreFileFromTrash(fileId: file.id) }
            #expect(error?.status == 404)

            let restored = try await client.trashedFiles.restoreFileFromTrash(
                fileId: file.id, requestBody: RestoreFileFromTrashRequestBody(parent: RestoreFileFromTrashRequestBodyParentField(id: "0")))
            #expect(restored.parent?.id == "0")
        }
    }

    @Test func aTrashedFolderHidesItsContentsUntilRestored() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let inner = try await client.makeFile("inner.txt", text: "inside", in: folder.id)

            try await client.folders.deleteFolderById(folderId: folder.id, queryParams: DeleteFolderByIdQueryParams(recursive: true))

            #expect(await (try? client.files.getFileById(fileId: inner.id)) == nil)
            let onlyTheFolder = try await client.trashedItems.getTrashedItems().entries?.map(\.key)
            #expect(onlyTheFolder == ["folder/\(folder.id)"])
            let notDirectlyTrashed = await #expect(throws: BoxAPIError.self) {
                try await client.trashedFiles.getTrashedFileById(fileId: inner.id)
            }
            #expect(notDirectlyTrashed?.status == 404)
            let trashedFolder = try await client.trashedFolders.getTrashedFolderById(folderId: folder.id)
            #expect(trashedFolder.itemStatus?.rawValue == "trashed")

            let restored = try await client.trashedFolders.restoreFolderFromTrash(folderId: folder.id)
            #expect(restored.itemStatus?.rawValue == "active")
            #expect(try await client.text(ofFile: inner.id) == "inside")
        }
    }

    @Test func purgingAFileRemovesItForGood() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("purge-\(UUID().uuidString).txt", text: "x", in: "0")
            try await client.files.deleteFileById(fileId: file.id)

            try await client.trashedFiles.deleteTrashedFileById(fileId: file.id)

            let read = await #expect(throws: BoxAPIError.self) { try await client.trashedFiles.getTrashedFileById(fileId: file.id) }
            #expect(read?.status == 404)
            let restore = await #expect(throws: BoxAPIError.self) { try await client.trashedFiles.restoreFileFromTrash(fileId: file.id) }
            #expect(restore?.status == 404)
            #expect(try await client.trashedItems.getTrashedItems().entries?.isEmpty == true)
        }
    }

    @Test func purgingAFolderRemovesEverythingInIt() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let inner = try await client.makeFile("inner.txt", text: "x", in: folder.id)
            try await client.files.deleteFileById(fileId: inner.id)
            try await client.folders.deleteFolderById(folderId: folder.id)

            try await client.trashedFolders.deleteTrashedFolderById(folderId: folder.id)

            #expect(try await client.trashedItems.getTrashedItems().entries?.isEmpty == true)
            let error = await #expect(throws: BoxAPIError.self) { try await client.trashedFolders.getTrashedFolderById(folderId: folder.id) }
            #expect(error?.status == 404)
        }
    }

    @Test func purgingAnActiveItemIsNotFound() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("active-\(UUID().uuidString).txt", text: "x", in: "0")

            let error = await #expect(throws: BoxAPIError.self) { try await client.trashedFiles.deleteTrashedFileById(fileId: file.id) }

            #expect(error?.status == 404)
            #expect(try await client.files.getFileById(fileId: file.id).itemStatus?.rawValue == "active")
        }
    }

    @Test func aWebLinkGoesThroughTheTrashLikeAFile() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let link = try await client.makeWebLink("docs", in: folder.id)
            try await client.webLinks.deleteWebLinkById(webLinkId: link.id)

            let trashed = try await client.trashedWebLinks.getTrashedWebLinkById(webLinkId: link.id)
            #expect(trashed.itemStatus?.rawValue == "trashed")
            #expect(trashed.url == "https://example.com/page")

            let restored = try await client.trashedWebLinks.restoreWeblinkFromTrash(
                webLinkId: link.id, requestBody: RestoreWeblinkFromTrashRequestBody(name: "docs again"))
            #expect(restored.name == "docs again")
            #expect(try await client.webLinks.getWebLinkById(webLinkId: link.id).itemStatus?.rawValue == "active")

            try await client.webLinks.deleteWebLinkById(webLinkId: link.id)
            try await client.trashedWebLinks.deleteTrashedWebLinkById(webLinkId: link.id)
            let error = await #expect(throws: BoxAPIError.self) { try await client.trashedWebLinks.getTrashedWebLinkById(webLinkId: link.id) }
            #expect(error?.status == 404)
        }
    }

    @Test func anotherUsersTrashIsNotFoundAndNotListed() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (stranger, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let file = try await admin.makeFile("private-\(UUID().uuidString).txt", text: "x", in: "0")
            try await admin.files.deleteFileById(fileId: file.id)

            let read = await #expect(throws: BoxAPIError.self) { try await stranger.trashedFiles.getTrashedFileById(fileId: file.id) }
            #expect(read?.status == 404)
            let restore = await #expect(throws: BoxAPIError.self) { try await stranger.trashedFiles.restoreFileFromTrash(fileId: file.id) }
            #expect(restore?.status == 404)
            #expect(try await stranger.trashedItems.getTrashedItems().entries?.isEmpty == true)
            #expect(try await admin.trashedFiles.getTrashedFileById(fileId: file.id).itemStatus?.rawValue == "trashed")
        }
    }

    @Test func aViewerCannotRestoreOrPurge() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let viewerId = server.seed.appUsers[0].id
            let (viewer, _) = try await server.developerTokenClient(userId: viewerId)
            let folder = try await admin.makeFolder("shared")
            try await admin.collaborate(userId: viewerId, on: folder.id, role: .viewer)
            let file = try await admin.makeFile("doc.txt", text: "x", in: folder.id)
            try await admin.files.deleteFileById(fileId: file.id)

            #expect(try await viewer.trashedFiles.getTrashedFileById(fileId: file.id).id == file.id)
            let restore = await #expect(throws: BoxAPIError.self) { try await viewer.trashedFiles.restoreFileFromTrash(fileId: file.id) }
            #expect(restore?.status == 403)
            let purge = await #expect(throws: BoxAPIError.self) { try await viewer.trashedFiles.deleteTrashedFileById(fileId: file.id) }
            #expect(purge?.status == 403)
            #expect(try await admin.trashedFiles.getTrashedFileById(fileId: file.id).itemStatus?.rawValue == "trashed")
        }
    }
}
