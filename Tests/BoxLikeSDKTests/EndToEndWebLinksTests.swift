import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Web links (bookmarks) through `webLinks`.
@Suite("Web links against the server")
struct EndToEndWebLinksTests {
    @Test func aNewWebLinkIsStoredInItsFolder() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder("links")

            let link = try await client.webLinks.createWebLink(requestBody: CreateWebLinkRequestBody(
                url: "https://swift.org/documentation", parent: CreateWebLinkRequestBodyParentField(id: folder.id), name: "Swift docs",
                description: "Where to start"))

            #expect(link.name == "Swift docs")
            #expect(link.url == "https://swift.org/documentation")
            let read = try await client.webLinks.getWebLinkById(webLinkId: link.id)
            #expect(read.description == "Where to start")
            #expect(read.parent?.id == folder.id)
            #expect(read.itemStatus?.rawValue == "active")
            #expect(read.createdBy?.id == server.seed.adminUser.id)
            let listed = try await client.folders.getFolderItems(folderId: folder.id).entries ?? []
            guard case .webLink(let entry)? = listed.first else { Issue.record("the folder does not list the web link"); return }
            #expect(entry.id == link.id)
        }
    }

    @Test func aWebLinkWithoutANameIsNamedAfterItsURL() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()

            let link = try await client.webLinks.createWebLink(requestBody: CreateWebLinkRequestBody(
                url: "https://example.com/a/b", parent: CreateWebLinkRequestBodyParentField(id: folder.id)))

            #expect(link.name == "https://example.com/a/b")
        }
    }

    @Test func aURLThatIsNotHTTPIsRefused() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.webLinks.createWebLink(requestBody: CreateWebLinkRequestBody(
                    url: "ftp://example.com/file", parent: CreateWebLinkRequestBodyParentField(id: folder.id), name: "ftp"))
            }

            #expect(error?.status == 400)
            #expect(try await client.names(in: folder.id).isEmpty)
        }
    }

    @Test func aWebLinkNamedLikeASiblingIsA409() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let file = try await client.makeFile("notes", text: "x", in: folder.id)

            let error = await #expect(throws: BoxAPIError.self) { try await client.makeWebLink("notes", in: folder.id) }

            #expect(error?.status == 409)
            #expect(error?.contextInfo?.contains(file.id) == true)
            #expect(try await client.names(in: folder.id) == ["notes"])
        }
    }

    @Test func updatingChangesURLNameDescriptionAndParent() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let from = try await client.makeFolder("from")
            let to = try await client.makeFolder("to")
            let link = try await client.makeWebLink("old", in: from.id)

            let updated = try await client.webLinks.updateWebLinkById(
                webLinkId: link.id,
                requestBody: UpdateWebLinkByIdRequestBody(
                    url: "https://example.org/new", parent: UpdateWebLinkByIdRequestBodyParentField(id: to.id), name: "new", description: "moved"))

            #expect(updated.url == "https://example.org/new")
            #expect(updated.name == "new")
            #expect(updated.description == "moved")
            #expect(updated.parent?.id == to.id)
            #expect(updated.etag != link.etag)
            #expect(try await client.names(in: from.id).isEmpty)
            #expect(try await client.webLinks.getWebLinkById(webLinkId: link.id).url == "https://example.org/new")
        }
    }

    @Test func updatingWithAStaleEtagIsA412() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let link = try await client.makeWebLink("bookmark", in: folder.id)
            _ = try await client.webLinks.updateWebLinkById(webLinkId: link.id, requestBody: UpdateWebLinkByIdRequestBody(description: "changed"))

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.webLinks.updateWebLinkById(
                    webLinkId: link.id, requestBody: UpdateWebLinkByIdRequestBody(name: "late"), headers: UpdateWebLinkByIdHeaders(ifMatch: link.etag))
            }

            #expect(error?.status == 412)
            #expect(try await client.webLinks.getWebLinkById(webLinkId: link.id).name == "bookmark")
        }
    }

    @Test func deletingAWebLinkMovesItToTheTrash() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let link = try await client.makeWebLink("gone", in: folder.id)

            try await client.webLinks.deleteWebLinkById(webLinkId: link.id)

            #expect(try await client.webLinks.getWebLinkById(webLinkId: link.id).itemStatus?.rawValue == "trashed")
            #expect(try await client.trashedItems.getTrashedItems().entries?.map(\.key) == ["web_link/\(link.id)"])
        }
    }

    @Test func someoneWithoutAccessGets404AndAViewerCannotChangeIt() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let viewerId = server.seed.appUsers[0].id
            let (viewer, _) = try await server.developerTokenClient(userId: viewerId)
            let (stranger, _) = try await server.developerTokenClient(userId: server.seed.appUsers[1].id)
            let folder = try await admin.makeFolder("shared")
            try await admin.collaborate(userId: viewerId, on: folder.id, role: .viewer)
            let link = try await admin.makeWebLink("team", in: folder.id)

            let hidden = await #expect(throws: BoxAPIError.self) { try await stranger.webLinks.getWebLinkById(webLinkId: link.id) }
            #expect(hidden?.status == 404)
            #expect(try await viewer.webLinks.getWebLinkById(webLinkId: link.id).name == "team")
            let denied = await #expect(throws: BoxAPIError.self) {
                try await viewer.webLinks.updateWebLinkById(webLinkId: link.id, requestBody: UpdateWebLinkByIdRequestBody(name: "mine"))
            }
            #expect(denied?.status == 403)
            let deleteDenied = await #expect(throws: BoxAPIError.self) { try await viewer.webLinks.deleteWebLinkById(webLinkId: link.id) }
            #expect(deleteDenied?.status == 403)
        }
    }
    @Test func aWebLinkMovedToAnotherUsersRootFolderBecomesTheirs() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let aliceId = server.seed.appUsers[0].id
            let (alice, _) = try await server.developerTokenClient(userId: aliceId)
            let link = try await admin.makeWebLink("handbook-\(UUID().uuidString.prefix(6))", in: "0")

            let moved = try await admin.webLinks.updateWebLinkById(
                webLinkId: link.id, requestBody: UpdateWebLinkByIdRequestBody(parent: UpdateWebLinkByIdRequestBodyParentField(id: "0", userId: aliceId)))

            #expect(moved.ownedBy?.id == aliceId)
            #expect(try await alice.webLinks.getWebLinkById(webLinkId: link.id).ownedBy?.id == aliceId)
        }
    }
}
