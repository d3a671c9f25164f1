import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// The Favorites collection and recent items.
@Suite("Collections and recent items against the server")
struct EndToEndCollectionsTests {
    func favorites(_ client: BoxClient) async throws -> CollectionModel {
        try #require(try await client.collections.getCollections().entries?.first)
    }

    @Test func everyUserHasAFavoritesCollection() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()

            let collections = try await client.collections.getCollections()
            let favorites = try #require(collections.entries?.first)

            #expect(collections.entries?.count == 1)
            #expect(favorites.name == "Favorites")
            #expect(favorites.collectionType == "favorites")
            #expect(try await client.collections.getCollectionById(collectionId: favorites.id).id == favorites.id)
        }
    }

    @Test func itemsAddedToFavoritesAreListedByName() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let favorites = try await favorites(client)
            let folder = try await client.makeFolder("b-folder")
            let file = try await client.makeFile("a-file.txt", text: "x", in: folder.id)

            _ = try await client.folders.updateFolderById(folderId: folder.id, requestBody: UpdateFolderByIdRequestBody(
                collections: [UpdateFolderByIdRequestBodyCollectionsField(id: favorites.id)]))
            _ = try await client.files.updateFileById(fileId: file.id, requestBody: UpdateFileByIdRequestBody(
                collections: [UpdateFileByIdRequestBodyCollectionsField(id: favorites.id)]))

            let items = try await client.collections.getCollectionItems(collectionId: favorites.id)
            #expect(items.entries?.map(\.name) == ["a-file.txt", folder.name ?? ""])
            #expect(items.totalCount == 2)
        }
    }

    @Test func anEmptyListTakesAnItemOutOfFavorites() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let favorites = try await favorites(client)
            let folder = try await client.makeFolder()
            _ = try await client.folders.updateFolderById(folderId: folder.id, requestBody: UpdateFolderByIdRequestBody(
                collections: [UpdateFolderByIdRequestBodyCollectionsField(id: favorites.id)]))

            _ = try await client.folders.updateFolderById(folderId: folder.id, requestBody: UpdateFolderByIdRequestBody(collections: []))

            #expect(try await client.collections.getCollectionItems(collectionId: favorites.id).entries?.isEmpty == true)
        }
    }

    @Test func nullTakesAFileOutOfFavoritesAsAnEmptyListDoes() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let favorites = try await favorites(client)
            let file = try await client.makeFile("favorite.txt", text: "x", in: "0")
            _ = try await client.files.updateFileById(fileId: file.id, requestBody: UpdateFileByIdRequestBody(
                collections: [UpdateFileByIdRequestBodyCollectionsField(id: favorites.id)]))

            _ = try await client.files.updateFileById(fileId: file.id, requestBody: UpdateFileByIdRequestBody(collections: .null))

            #expect(try await client.collections.getCollectionItems(collectionId: favorites.id).entries?.isEmpty == true)
        }
    }

    @Test func aViewerMayFavoriteWhatTheyCannotChange() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let viewerId = server.seed.appUsers[0].id
            let (viewer, _) = try await server.developerTokenClient(userId: viewerId)
            let folder = try await admin.makeFolder("shared")
            try await admin.collaborate(userId: viewerId, on: folder.id, role: .viewer)
            let favorites = try await favorites(viewer)

            _ = try await viewer.folders.updateFolderById(folderId: folder.id, requestBody: UpdateFolderByIdRequestBody(
                collections: [UpdateFolderByIdRequestBodyCollectionsField(id: favorites.id)]))

            #expect(try await viewer.collections.getCollectionItems(collectionId: favorites.id).entries?.count == 1)
            #expect(try await admin.collections.getCollectionItems(collectionId: try await self.favorites(admin).id).entries?.isEmpty == true)
        }
    }

    @Test func someoneElsesCollectionIsNotFound() async throws {
        try await withServer { server in
            let (admin, _) = try await server.developerTokenClient()
            let (other, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)
            let adminFavorites = try await favorites(admin)

            let error = await #expect(throws: BoxAPIError.self) {
                try await other.collections.getCollectionItems(collectionId: adminFavorites.id)
            }

            #expect(error?.status == 404)
        }
    }

    @Test func recentItemsListTheLatestInteractionFirst() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folder = try await client.makeFolder()
            let first = try await client.makeFile("first.txt", text: "1", in: folder.id)
            let second = try await client.makeFile("second.txt", text: "2", in: folder.id)
            _ = try await client.comments.createComment(requestBody: CreateCommentRequestBody(
                message: "again", item: CreateCommentRequestBodyItemField(id: first.id, type: .file)))

            let recent = try await client.recentItems.getRecentItems().entries ?? []

            let files = recent.compactMap { entry -> (String, String)? in
                guard case .fileFull(let file)? = entry.item else { return nil }
                return (file.id, entry.interactionType?.rawValue ?? "")
            }
            #expect(files.map(\.0) == [first.id, second.id])
            #expect(files.map(\.1) == ["item_comment", "item_upload"])
        }
    }
    @Test func collectionsNamedWithTheirTypeAreJoined() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let favorites = try await favorites(client)
            let folder = try await client.makeFolder("typed")
            let file = try await client.makeFile("typed.txt", text: "x", in: folder.id)

            _ = try await client.folders.updateFolderById(folderId: folder.id, requestBody: UpdateFolderByIdRequestBody(
                collections: [UpdateFolderByIdRequestBodyCollectionsField(id: favorites.id, type: "collection")]))
            _ = try await client.files.updateFileById(fileId: file.id, requestBody: UpdateFileByIdRequestBody(
                collections: [UpdateFileByIdRequestBodyCollectionsField(id: favorites.id, type: "collection")]))

            let items = try await client.collections.getCollectionItems(collectionId: favorites.id)
            #expect(Set(items.entries?.map(\.key) ?? []) == ["folder/\(folder.id)", "file/\(file.id)"])
        }
    }
}
