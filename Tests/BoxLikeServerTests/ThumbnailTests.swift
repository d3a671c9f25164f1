import Foundation
import Testing
@testable import BoxLikeServer

/// Thumbnails are drawn when their URL is fetched, off the state actor: the state keeps what
/// a thumbnail is drawn from, never the image.
@Suite("Thumbnails")
struct ThumbnailTests {
    @Test func aThumbnailURLServesThePNGDrawnFromTheFilesContent() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)
            let path = "/files/\(admin.fileId)/thumbnail.png?min_width=64&max_width=64"
            #expect(try await server.api(.GET, path, token: token).status == 202)
            let ready = try await server.api(.GET, path, token: token)
            let location = try #require(ready.header("location"))

            let image = try await server.send(.GET, location)

            #expect(image.status == 200)
            #expect(image.header("content-type") == "image/png")
            let sha1 = try #require(await server.state.items[.file(admin.fileId)]?.file?.currentVersion.content.sha1)
            #expect(image.body == ThumbnailsState.image(sha1: sha1, size: 64))
        }
    }
}
