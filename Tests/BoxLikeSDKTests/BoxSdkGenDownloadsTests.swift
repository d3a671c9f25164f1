import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// The download conveniences of Box's Swift SDK, under its names: each writes the content to
/// the destination URL and returns it.
@Suite("Box SDK download conveniences")
struct BoxSdkGenDownloadsTests {
    func destination(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("boxsdkgen-\(UUID().uuidString)-\(name)")
    }

    @Test func aFileIsDownloadedToTheDestinationURL() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("a.txt", text: "the content", in: try await client.makeFolder().id)
            let target = destination("a.txt")
            defer { try? FileManager.default.removeItem(at: target) }

            let written = try await client.downloads.downloadFile(fileId: file.id, downloadDestinationUrl: target)

            #expect(written == target)
            #expect(try String(contentsOf: target, encoding: .utf8) == "the content")
        }
    }

    @Test func aZipIsCreatedAndWrittenToTheDestinationURLAndItsStatusReadByURL() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("b.txt", text: "bee", in: try await client.makeFolder().id)
            let target = destination("files.zip")
            defer { try? FileManager.default.removeItem(at: target) }

            try await client.zipDownloads.downloadZip(
                requestBody: ZipDownloadRequest(items: [ZipDownloadRequestItemsField(type: .file, id: file.id)]),
                downloadDestinationUrl: target)

            let bytes = try [UInt8](Data(contentsOf: target))
            #expect(Array(bytes.prefix(4)) == [0x50, 0x4B, 0x03, 0x04])
            let created = try await client.zipDownloads.createZipDownload(requestBody: ZipDownloadRequest(
                items: [ZipDownloadRequestItemsField(type: .file, id: file.id)]))
            let status = try await client.zipDownloads.getZipDownloadStatus(statusUrl: try #require(created.statusUrl))
            #expect(status.totalFileCount == 1)
        }
    }

    @Test func aURLThatNamesNoZipDownloadIsRefusedBeforeAnyRequest() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let error = await #expect(throws: BoxSDKError.self) {
                try await client.zipDownloads.getZipDownloadStatus(statusUrl: "https://api.box.com/2.0/files/1")
            }
            #expect(error?.kind == .invalidArgument)
            #expect(await server.requestLog.entries(method: "GET", path: .glob("/2.0/**")).isEmpty)
        }
    }

    @Test func anAvatarAndAThumbnailAreWrittenToTheirDestinationURLs() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let me = server.seed.adminUser.id
            let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 100)
            _ = try await client.avatars.createUserAvatar(userId: me, requestBody: CreateUserAvatarRequestBody(pic: .bytes(png)))
            let file = try await client.makeFile("photo.txt", text: "pixels", in: try await client.makeFolder().id)
            let avatar = destination("avatar.png")
            let thumbnail = destination("thumbnail.png")
            defer {
                try? FileManager.default.removeItem(at: avatar)
                try? FileManager.default.removeItem(at: thumbnail)
            }

            try await client.avatars.getUserAvatar(userId: me, downloadDestinationUrl: avatar)
            try await client.files.getFileThumbnailById(fileId: file.id, extension_: .png, downloadDestinationUrl: thumbnail)

            #expect(try [UInt8](Data(contentsOf: avatar)) == png)
            #expect(try Array([UInt8](Data(contentsOf: thumbnail)).prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        }
    }

    @Test func aDownloadURLIsWhereTheContentRedirectsAndServesTheContentWithoutAToken() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("c.txt", text: "sea", in: try await client.makeFolder().id)

            let url = try await client.downloads.getDownloadFileUrl(fileId: file.id)

            #expect(await server.requestLog.entries(method: "GET", path: .exact("/2.0/files/\(file.id)/content")).count == 1)
            #expect(await server.requestLog.all.last?.status == 302)
            let fetched = try await server.anonymousGET(url)
            #expect(fetched.status == 200)
            #expect(fetched.body == "sea")
        }
    }

    @Test func aThumbnailURLIsWhereTheThumbnailRedirectsOnceItIsMade() async throws {
        try await withServer({ $0.thumbnailRetryAfterSeconds = 0 }) { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("d.txt", text: "dee", in: try await client.makeFolder().id)

            let url = try await client.files.getFileThumbnailUrl(fileId: file.id, extension_: .png)

            let statuses = await server.requestLog.entries(method: "GET", path: .exact("/2.0/files/\(file.id)/thumbnail.png")).map(\.status)
            #expect(statuses == [202, 302])
            #expect(try await server.anonymousGET(url).status == 200)
        }
    }

    @Test func aContentURLOfACallThatDoesNotRedirectIsATypedError() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            _ = await server.faults.inject(.status(200), method: "GET", path: .glob("/2.0/files/*/content"), count: 1)

            let error = await #expect(throws: BoxSDKError.self) {
                _ = try await client.downloads.getDownloadFileUrl(fileId: server.seed.adminUser.fileId)
            }
            #expect(error?.kind == .invalidResponse)
        }
    }
}
