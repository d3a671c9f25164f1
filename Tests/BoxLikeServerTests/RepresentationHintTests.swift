import Foundation
import Testing
@testable import BoxLikeServer

/// `X-Rep-Hints` asks for bounded work: each distinct hint once, at most
/// ``ServerState/RepresentationHint/maximumPerRequest`` of them, and a content URL per version
/// and kind however often it is asked for.
@Suite("Representation hints")
struct RepresentationHintTests {
    static func representations(_ server: BoxLikeServer, token: String, fileId: String, hints: String) async throws -> [JSONValue] {
        let result = try await server.api(
            .GET, "/files/\(fileId)?fields=representations", token: token, headers: [("X-Rep-Hints", hints)])
        return try #require(result.json?["representations"]?["entries"]?.arrayValue)
    }

    @Test func aHintRepeatedInOneHeaderIsHonouredOnce() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let fileId = try await server.uploadFile(token: token, name: "photo.txt", bytes: Array("pixels".utf8))

            let entries = try await Self.representations(
                server, token: token, fileId: fileId, hints: String(repeating: "[png?dimensions=1024x1024]", count: 300))

            #expect(entries.count == 1)
        }
    }

    @Test func distinctHintsPastTheLimitAreIgnored() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let fileId = try await server.uploadFile(token: token, name: "photo.txt", bytes: Array("pixels".utf8))
            let hints = (0..<40).map { "[png?dimensions=1024x1024&variant=\($0)]" }.joined()

            let entries = try await Self.representations(server, token: token, fileId: fileId, hints: hints)

            #expect(entries.count == RepresentationsState.RepresentationHint.maximumPerRequest)
        }
    }

    @Test func askingAgainForARepresentationGivesTheSameContentURLAndItsImage() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let fileId = try await server.uploadFile(token: token, name: "photo.txt", bytes: Array("pixels".utf8))
            let first = try await Self.representations(server, token: token, fileId: fileId, hints: "[png?dimensions=1024x1024]")

            let second = try await Self.representations(server, token: token, fileId: fileId, hints: "[png?dimensions=1024x1024]")

            let template = try #require(first.first?["content"]?["url_template"]?.stringValue)
            #expect(second.first?["content"]?["url_template"]?.stringValue == template)
            let image = try await server.send(.GET, template.replacingOccurrences(of: "{+asset_path}", with: ""))
            #expect(image.status == 200)
            #expect(image.header("content-type") == "image/png")
            // The IHDR chunk's width, big-endian, after the 8-byte signature and the chunk's length and type.
            #expect(Array(image.body.dropFirst(16).prefix(4)) == [0, 0, 4, 0])
        }
    }
}
