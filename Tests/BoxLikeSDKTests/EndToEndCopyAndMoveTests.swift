import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Copying files and folders, and moving them by changing their parent.
@Suite("Copy and move against the server")
struct EndToEndCopyAndMoveTests {
    @Test func copyingAFileMakesANewFileWithTheSameContent() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let from = try await client.makeFolder("from")
            let to = try await client.makeFolder("to")
            let file = try await client.makeFile("report.txt", text: "numbers", in: from.id)

            let copy = try await client.files.copyFile(
                fileId: file.id, requestBody: CopyFileRequestBody(parent: CopyFileRequestBodyParentField(id: to.id), name: "report copy.txt"))

            #expect(copy.id != file.id)
            #expect(copy.name == "report copy.txt")
            #expect(copy.parent?.id == to.id)
            #expect(try await client.text(ofFile: copy.id) == "numbers")
            #expect(try await client.names(in: from.id) == ["report.txt"])
        }
    }

    @Test func copyingAFileCanTakeAnEarlierVersion() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let file = try await client.makeFile("draft.txt", text: "first draft", in: folder.id)
            let firstVersion = try #require(file.fileVersion?.id)
            _ = try await client.uploadVersion(of: file.id, text: "second draft")

            let copy = try await client.files.copyFile(
                fileId: file.id,
                requestBody: CopyFileRequestBody(parent: CopyFileRequestBodyParentField(id: folder.id), name: "old draft.txt", version: firstVersion))

            #expect(try await client.text(ofFile: copy.id) == "first draft")
            #expect(try await client.text(ofFile: file.id) == "second draft")
        }
    }

    @Test func copyingOntoATakenNameIsA409AndCreatesNothing() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let from = try await client.makeFolder("from")
            let to = try await client.makeFolder("to")
            let file = try await client.makeFile("same.txt", text: "source", in: from.id)
            let existing = try await client.makeFile("same.txt", text: "target", in: to.id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.files.copyFile(fileId: file.id, requestBody: CopyFileRequestBody(parent: CopyFileRequestBodyParentField(id: to.id)))
            }

            #expect(error?.status == 409)
            #expect(error?.code == "item_name_in_use")
            #expect(error?.contextInfo?.contains(existing.id) == true)
            #expect(try await client.names(in: to.id) == ["same.txt"])
            #expect(try await client.text(ofFile: existing.id) == "target")
        }
    }

    @Test func copyingAnUnknownVersionIsA404AndCreatesNothing() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let file = try await client.makeFile("a.txt", text: "a", in: folder.id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.files.copyFile(
                    fileId: file.id, requestBody: CopyFileRequestBody(parent: CopyFileRequestBodyParentField(id: folder.id), name: "b.txt", version: "999"))
            }

            #expect(error?.status == 404)
            #expect(try await client.names(in: folder.id) == ["a.txt"])
        }
    }

    @Test func copyingAFolderCopiesEverythingInIt() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder("tree")
            let sub = try await client.makeFolder("sub", in: folder.id)
            _ = try await client.makeFile("leaf.txt", text: "leaf", in: sub.id)
            _ = try await client.makeWebLink("link", in: folder.id)

            let copy = try await client.folders.copyFolder(
                folderId: folder.id, requestBody: CopyFolderRequestBody(parent: CopyFolderRequestBodyParentField(id: "0"), name: "tree copy"))

            #expect(copy.id != folder.id)
            #expect(copy.name == "tree copy")
            let copiedItems = try await client.folders.getFolderItems(folderId: copy.id).entries ?? []
            #expect(copiedItems.map(\.name) == [sub.name ?? "", "link"])
            guard case .folderMini(let copiedSub)? = copiedItems.first else { Issue.record("the subfolder was not copied"); return }
            #expect(copiedSub.id != sub.id)
            let leaves = try await client.folders.getFolderItems(folderId: copiedSub.id).entries ?? []
            guard case .fileFull(let leaf)? = leaves.first else { Issue.record("the file was not copied"); return }
            #expect(try await client.text(ofFile: leaf.id) == "leaf")
        }
    }

    @Test func copyingAFolderIntoItselfIsRefusedAndCreatesNothing() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder("loop")
            let sub = try await client.makeFolder("sub", in: folder.id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.folders.copyFolder(folderId: folder.id, requestBody: CopyFolderRequestBody(parent: CopyFolderRequestBodyParentField(id: sub.id)))
            }

            #expect(error?.status == 400)
            #expect(try await client.names(in: sub.id).isEmpty)
        }
    }

    @Test func copyingIntoAFolderTheCallerOnlyViewsIsA403AndCreatesNothing() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let viewerId = server.seed.appUsers[0].id
            let (viewer, _) = try await server.developerTokenClient(userId: viewerId)
            let shared = try await admin.makeFolder("read-only")
            try await admin.collaborate(userId: viewerId, on: shared.id, role: .viewer)
            let file = try await admin.makeFile("source.txt", text: "x", in: shared.id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await viewer.files.copyFile(
                    fileId: file.id, requestBody: CopyFileRequestBody(parent: CopyFileRequestBodyParentField(id: shared.id), name: "mine.txt"))
            }

            #expect(error?.status == 403)
            #expect(try await admin.names(in: shared.id) == ["source.txt"])
        }
    }

    @Test func movingAFileChangesItsParent() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let from = try await client.makeFolder("from")
            let to = try await client.makeFolder("to")
            let file = try await client.makeFile("mover.txt", text: "x", in: from.id)

            let moved = try await client.files.updateFileById(
                fileId: file.id, requestBody: UpdateFileByIdRequestBody(parent: UpdateFileByIdRequestBodyParentField(id: to.id)))

            #expect(moved.id == file.id)
            #expect(moved.parent?.id == to.id)
            #expect(try await client.names(in: to.id) == ["mover.txt"])
            #expect(try await client.names(in: from.id).isEmpty)
        }
    }

    @Test func movingAFolderOntoATakenNameIsA409AndLeavesItInPlace() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let from = try await client.makeFolder("from")
            let to = try await client.makeFolder("to")
            let moving = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
                name: "dup", parent: CreateFolderRequestBodyParentField(id: from.id)))
            let existing = try await client.folders.createFolder(requestBody: CreateFolderRequestBody(
                name: "dup", parent: CreateFolderRequestBodyParentField(id: to.id)))

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.folders.updateFolderById(
                    folderId: moving.id, requestBody: UpdateFolderByIdRequestBody(parent: UpdateFolderByIdRequestBodyParentField(id: to.id)))
            }

            #expect(error?.status == 409)
            #expect(error?.contextInfo?.contains(existing.id) == true)
            #expect(try await client.folders.getFolderById(folderId: moving.id).parent?.id == from.id)
        }
    }

    @Test func movingAFolderIntoItsOwnSubfolderIsRefused() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder("outer")
            let sub = try await client.makeFolder("inner", in: folder.id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.folders.updateFolderById(
                    folderId: folder.id, requestBody: UpdateFolderByIdRequestBody(parent: UpdateFolderByIdRequestBodyParentField(id: sub.id)))
            }

            #expect(error?.status == 400)
            #expect(try await client.folders.getFolderById(folderId: folder.id).parent?.id == "0")
        }
    }
    @Test func movingAFileToAnotherUsersRootFolderMakesItTheirs() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let aliceId = server.seed.appUsers[0].id
            let (alice, _) = try await server.developerTokenClient(userId: aliceId)
            let file = try await admin.makeFile("handover-\(UUID().uuidString.prefix(6)).txt", text: "x", in: "0")

            let moved = try await admin.files.updateFileById(
                fileId: file.id, requestBody: UpdateFileByIdRequestBody(parent: UpdateFileByIdRequestBodyParentField(id: "0", userId: aliceId)))

            #expect(moved.ownedBy?.id == aliceId)
            #expect(try await alice.names(in: "0").contains(file.name ?? ""))
            #expect(try await alice.files.getFileById(fileId: file.id).ownedBy?.id == aliceId)
        }
    }

    @Test func movingAFileToAnotherUserNeedsTheirRootFolder() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let folder = try await admin.makeFolder("not-root")
            let file = try await admin.makeFile("stays.txt", text: "x", in: "0")

            let error = await #expect(throws: BoxAPIError.self) {
                try await admin.files.updateFileById(fileId: file.id, requestBody: UpdateFileByIdRequestBody(
                    parent: UpdateFileByIdRequestBodyParentField(id: folder.id, userId: server.seed.appUsers[0].id)))
            }

            #expect(error?.status == 400)
            #expect(try await admin.files.getFileById(fileId: file.id).ownedBy?.id == server.seed.adminUser.id)
            #expect(try await admin.names(in: folder.id).isEmpty)
        }
    }
}
