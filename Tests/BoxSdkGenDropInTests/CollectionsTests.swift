import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.collections`, as Box's documentation uses it.
@Suite("Drop-in: collections")
struct CollectionsTests {
    @Test func aFolderAddedToFavoritesIsListedInTheCollection() async throws {
        try await withLocalBox { box in
            let client = box.client
            let collections = try await client.collections.getCollections()
            let favouriteCollection = try #require(collections.entries?.first)
            #expect(favouriteCollection.name == "Favorites")

            let folder = try await createFolder(client, name: "Starred")
            _ = try await client.folders.updateFolderById(
                folderId: folder.id,
                requestBody: UpdateFolderByIdRequestBody(collections: [UpdateFolderByIdRequestBodyCollectionsField(id: favouriteCollection.id, type: "collection")]))

            let collectionItems = try await client.collections.getCollectionItems(collectionId: favouriteCollection.id)
            #expect(collectionItems.totalCount == 1)
            let collection = try await client.collections.getCollectionById(collectionId: favouriteCollection.id)
            #expect(collection.id == favouriteCollection.id)

            _ = try await client.folders.updateFolderById(folderId: folder.id, requestBody: UpdateFolderByIdRequestBody(collections: []))
            let emptied = try await client.collections.getCollectionItems(collectionId: favouriteCollection.id)
            #expect(emptied.totalCount == 0)
        }
    }
}
