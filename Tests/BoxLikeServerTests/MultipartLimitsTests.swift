import Foundation
import NIOCore
import Testing
@testable import BoxLikeServer

/// Upload bodies are read by MultipartKit behind `MultipartStream`, within its limits: a body
/// that is not a complete multipart form, or spends too much on part headers, is a clear `400`
/// and stores nothing.
@Suite("Multipart limits")
struct MultipartLimitsTests {
    private func upload(_ server: BoxLikeServer, contentType: String, body: [UInt8]) async throws -> HTTPResult {
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        return try await server.send(
            .POST, server.uploadBaseURL + "/files/content",
            headers: [("Content-Type", contentType), ("Authorization", "Bearer \(token)")], body: body)
    }

    @Test func aBodyCutBeforeItsClosingBoundaryStoresNothing() async throws {
        try await withTestServer { server in
            var body = Multipart.upload(attributes: ["name": "cut.txt", "parent": ["id": "0"]], file: Array("partial".utf8))
            body.removeLast(Multipart.boundary.count + 8)
            let answer = try await upload(server, contentType: Multipart.contentType, body: body)
            #expect(answer.status == 400)
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let root = try await server.api(.GET, "/folders/0/items", token: token)
            #expect(root.text.contains("cut.txt") == false)
        }
    }

    @Test func partHeadersPastTheLimitAreRefused() async throws {
        try await withTestServer { server in
            let flood = String(repeating: "X-Padding: \(String(repeating: "a", count: 1000))\r\n", count: 40)
            let body = Array("--\(Multipart.boundary)\r\nContent-Disposition: form-data; name=\"attributes\"\r\n\(flood)\r\n{}\r\n--\(Multipart.boundary)--\r\n".utf8)
            let answer = try await upload(server, contentType: Multipart.contentType, body: body)
            #expect(answer.status == 400)
            #expect(answer.text.contains("too long"))
        }
    }

    @Test(arguments: ["", String(repeating: "b", count: 71)])
    func aBoundaryOutsideOneToSeventyCharactersIsRefused(boundary: String) async throws {
        try await withTestServer { server in
            let answer = try await upload(server, contentType: "multipart/form-data; boundary=\(boundary)", body: Array("--\(boundary)--\r\n".utf8))
            #expect(answer.status == 400)
        }
    }

    @Test func theStreamHandsOutPartsSplitAcrossChunksWhole() throws {
        let body = Array("--b1\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nhello\r\n--b1\r\nContent-Disposition: form-data; name=\"c\"\r\n\r\nworld\r\n--b1--\r\n".utf8)
        var stream = try MultipartStream(boundary: "b1")
        var parts: [String: String] = [:]
        var current = ""
        for byte in body {
            for event in try stream.feed(ByteBuffer(bytes: [byte])) {
                switch event {
                case .headers(let headers): current = MultipartStream.partName(headers) ?? "?"
                case .data(let data): parts[current, default: ""] += String(buffer: data)
                case .partEnd: break
                }
            }
        }
        #expect(parts == ["a": "hello", "c": "world"])
        #expect(stream.isComplete)
    }
}
