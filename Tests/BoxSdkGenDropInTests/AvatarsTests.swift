import BoxLikeSDK // was: import BoxSdkGen
import Foundation
import Testing

/// `client.avatars`, as Box's documentation uses it.
@Suite("Drop-in: avatars")
struct AvatarsTests {
    @Test func anAvatarIsSetDownloadedAndRemoved() async throws {
        try await withLocalBox { box in
            let client = box.client
            let user = try await client.users.getUserMe()
            let png = try #require(Data(base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAQAAAAEAAQMAAABmvDolAAAAA1BMVEW10NBjBBbqAAAAH0lEQVRoge3BAQ0AAADCoPdPbQ43oAAAAAAAAAAAvg0hAAABmmDh1QAAAABJRU5ErkJggg=="))

            let createdAvatar = try await client.avatars.createUserAvatar(
                userId: user.id,
                requestBody: CreateUserAvatarRequestBody(pic: InputStream(data: png), picFileName: "avatar.png", picContentType: "image/png"))
            #expect(createdAvatar.picUrls?.small != nil)
            #expect(createdAvatar.picUrls?.large != nil)
            #expect(createdAvatar.picUrls?.preview != nil)

            let destinationPath = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(UUID().uuidString)
            defer { try? FileManager.default.removeItem(at: destinationPath) }
            _ = try await client.avatars.getUserAvatar(userId: user.id, downloadDestinationUrl: destinationPath)
            #expect(try Data(contentsOf: destinationPath) == png)

            try await client.avatars.deleteUserAvatar(userId: user.id)
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.avatars.getUserAvatar(
                    userId: user.id, downloadDestinationUrl: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(UUID().uuidString))
            }
            #expect(error?.responseInfo.statusCode == 404)
        }
    }
}
