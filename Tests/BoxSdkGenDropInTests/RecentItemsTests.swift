import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.recentItems`, as Box's documentation uses it.
@Suite("Drop-in: recent items")
struct RecentItemsTests {
    @Test func anUploadedFileIsAmongTheRecentItems() async throws {
        try await withLocalBox { box in
            let client = box.client
            _ = try await uploadText(client, name: "notes.txt", text: "today")

            let recentItems = try await client.recentItems.getRecentItems(
                queryParams: GetRecentItemsQueryParams(fields: ["name"], limit: 10))
            #expect(recentItems.entries?.count == 1)
            #expect(recentItems.entries?.first?.interactionType == .itemUpload)
        }
    }
}
