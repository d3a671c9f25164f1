import BoxLikeJSON
import Foundation
import Testing
@testable import BoxLikeServer

/// A file's expiring embed link (`fields=expiring_embed_link`).
@Suite("Expiring embed links")
struct EmbedLinkTests {
    @Test func theLinkOpensAPreviewWithoutATokenUntilItExpires() async throws {
        let clock = ManualServerClock()
        var configuration = BoxLikeServerConfiguration()
        configuration.clock = .manual(clock)
        configuration.developerTokenLifetime = .seconds(3600)
        try await withTestServer(configuration) { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let file = try await server.api(.GET, "/files/\(server.seed.adminUser.fileId)?fields=expiring_embed_link", token: admin)
            let link = try #require(file.json?["expiring_embed_link"])
            let url = try #require(link["url"]?.stringValue)

            let page = try await server.send(.GET, url)
            #expect(page.status == 200)
            #expect(page.text.contains(server.seed.adminUser.fileContent.trimmingCharacters(in: .newlines)))
            #expect(link["token_type"] == "bearer")
            #expect(link["restricted_to"]?[0]?["scope"] == "item_preview")

            await clock.advance(by: .seconds(61))
            #expect(try await server.send(.GET, url).status == 404)
        }
    }

    @Test func thePreviewTokenReachesTheFileAlone() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let file = try await server.api(.GET, "/files/\(server.seed.adminUser.fileId)?fields=expiring_embed_link", token: admin)
            let token = try #require(file.json?["expiring_embed_link"]?["access_token"]?.stringValue)

            #expect(try await server.api(.GET, "/files/\(server.seed.adminUser.fileId)", token: token).status == 200)
            #expect(try await server.api(.GET, "/files/\(server.seed.adminSubfolderFileId)", token: token).status == 403)
        }
    }

    @Test func theLinkIsNotInTheRequestLog() async throws {
        try await withTestServer { server in
            let admin = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let file = try await server.api(.GET, "/files/\(server.seed.adminUser.fileId)?fields=expiring_embed_link", token: admin)
            let url = try #require(file.json?["expiring_embed_link"]?["url"]?.stringValue)

            _ = try await server.send(.GET, url)

            let logged = await server.requestLog.entries(method: "GET", path: .glob("/preview/expiring_embed/*"))
            #expect(logged.map(\.path) == ["/preview/expiring_embed/***"])
        }
    }
}
