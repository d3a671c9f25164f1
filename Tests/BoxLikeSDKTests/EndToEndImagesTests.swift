import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// File thumbnails and user avatars.
@Suite("Thumbnails and avatars against the server")
struct EndToEndImagesTests {
    /// The width a PNG's IHDR chunk announces.
    func pngWidth(_ bytes: [UInt8]) -> Int? {
        guard bytes.count > 24, Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        return bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
    }

    @Test func aThumbnailIsWaitedForWhileGeneratedThenReturned() async throws {
        try await withServer({ $0.thumbnailRetryAfterSeconds = 0 }) { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("photo.txt", text: "pixels", in: try await client.makeFolder().id)

            let bytes = try await client.files.getFileThumbnailById(
                fileId: file.id, extension: .png, queryParams: GetFileThumbnailByIdQueryParams(minHeight: 60, minWidth: 60))
                .collect(upTo: 1 << 20)

            #expect(pngWidth(bytes) == 64)
            let asked = await server.requestLog.entries(method: "GET", path: .glob("/2.0/files/\(file.id)/thumbnail.png"))
            #expect(asked.map(\.status) == [202, 302])
        }
    }

    @Test func aJpegThumbnailFallsBackToThePlaceholder() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("photo.txt", text: "pixels", in: try await client.makeFolder().id)

            let bytes = try await client.files.getFileThumbnailById(fileId: file.id, extension: .jpg).collect(upTo: 1 << 20)

            #expect(pngWidth(bytes) == 32)
        }
    }

    @Test func anAvatarIsSetReadAndRemoved() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let me = server.seed.adminUser.id
            let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 100)

            let urls = try await client.avatars.createUserAvatar(userId: me, requestBody: CreateUserAvatarRequestBody(pic: .bytes(png)))
            let read = try await client.avatars.getUserAvatar(userId: me).collect(upTo: 1 << 20)
            #expect(urls.picUrls?.preview?.hasSuffix("/users/\(me)/avatar") == true)
            #expect(read == png)

            try await client.avatars.deleteUserAvatar(userId: me)

            let error = await #expect(throws: BoxAPIError.self) { try await client.avatars.getUserAvatar(userId: me).collect(upTo: 1 << 20) }
            #expect(error?.status == 404)
        }
    }

    @Test func anAvatarThatIsNotAnImageIsRefused() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.avatars.createUserAvatar(
                    userId: server.seed.adminUser.id, requestBody: CreateUserAvatarRequestBody(pic: .bytes(Array("not an image".utf8))))
            }

            #expect(error?.status == 400)
        }
    }

    @Test func aUserCannotChangeSomeoneElsesAvatar() async throws {
        try await withServer { server in
            let (user, _) = try await server.developerTokenClient(userId: server.seed.appUsers[0].id)

            let error = await #expect(throws: BoxAPIError.self) {
                try await user.avatars.createUserAvatar(
                    userId: server.seed.adminUser.id,
                    requestBody: CreateUserAvatarRequestBody(pic: .bytes([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3])))
            }

            #expect(error?.status == 403)
        }
    }
}
