import Crypto
import Foundation
import Testing
@testable import BoxLikeServer

@Suite("Uploads, preflight and downloads")
struct UploadAndDownloadTests {
    static func sha1(_ bytes: [UInt8]) -> String { Insecure.SHA1.hash(data: bytes).hexString }

    func upload(_ server: BoxLikeServer, token: String, name: String, bytes: [UInt8], parent: String = "0", md5: String? = nil) async throws -> HTTPResult {
        var headers = [("Content-Type", Multipart.contentType)]
        if let md5 { headers.append(("Content-MD5", md5)) }
        return try await server.send(
            .POST, server.uploadBaseURL + "/files/content", headers: headers + [("Authorization", "Bearer \(token)")],
            body: Multipart.upload(attributes: ["name": .string(name), "parent": ["id": .string(parent)]], file: bytes))
    }

    @Test func uploadThenDownloadThroughTheRedirectWithRanges() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
            let uploaded = try await upload(server, token: token, name: "data.bin", bytes: bytes, md5: Self.sha1(bytes))
            #expect(uploaded.status == 201)
            #expect(SpecConformance.problems(method: "POST", url: server.uploadBaseURL + "/files/content", result: uploaded).isEmpty)
            let entry = try #require(uploaded.json?["entries"]?.arrayValue?.first)
            #expect(entry["sha1"]?.stringValue == Self.sha1(bytes))
            #expect(entry["size"]?.intValue == bytes.count)
            let fileId = try #require(entry["id"]?.stringValue)

            let redirect = try await server.api(.GET, "/files/\(fileId)/content", token: token)
            #expect(redirect.status == 302)
            let location = try #require(redirect.header("location"))
            #expect(location.hasPrefix(server.origin + "/dl/"))
            let whole = try await server.send(.GET, location)
            #expect(whole.status == 200)
            #expect(whole.body == bytes)
            #expect(whole.header("x-boxlike-sha1") == Self.sha1(bytes))
            let range = try await server.send(.GET, location, headers: [("Range", "bytes=100-199")])
            #expect(range.status == 206)
            #expect(range.header("content-range") == "bytes 100-199/\(bytes.count)")
            #expect(range.body == Array(bytes[100..<200]))
            let suffix = try await server.send(.GET, location, headers: [("Range", "bytes=-10")])
            #expect(suffix.body == Array(bytes.suffix(10)))
            let unsatisfiable = try await server.send(.GET, location, headers: [("Range", "bytes=400000-")])
            #expect(unsatisfiable.status == 416)
            #expect(unsatisfiable.header("content-range") == "bytes */\(bytes.count)")
        }
    }

    @Test func uploadKeepsTheClientsContentTimestamps() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let result = try await server.send(
                .POST, server.uploadBaseURL + "/files/content",
                headers: [("Content-Type", Multipart.contentType), ("Authorization", "Bearer \(token)")],
                body: Multipart.upload(
                    attributes: [
                        "name": "dated.txt", "parent": ["id": "0"], "content_created_at": "2020-01-02T03:04:05Z",
                        "content_modified_at": "2021-01-02T03:04:05-08:00",
                    ],
                    file: Array("dated".utf8)))
            let entry = try #require(result.json?["entries"]?[0])
            #expect(entry["content_created_at"] == "2020-01-02T03:04:05Z")
            #expect(entry["content_modified_at"] == "2021-01-02T11:04:05Z")
        }
    }

    @Test func contentMD5MismatchIsRejected() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let result = try await upload(server, token: token, name: "x.txt", bytes: Array("hello".utf8), md5: String(repeating: "0", count: 40))
            #expect(result.status == 400)
            #expect(result.json?["code"] == "bad_digest")
            let listing = try await server.api(.GET, "/folders/0/items", token: token)
            #expect(listing.json?["entries"]?.arrayValue?.contains { $0["name"] == "x.txt" } == false)
        }
    }

    @Test func nameConflictsAnd409OnUploadAndPreflight() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)
            let preflightOK = try await server.api(.OPTIONS, "/files/content", token: token, json: ["name": "fresh.txt", "parent": ["id": "0"], "size": 10])
            #expect(preflightOK.status == 200)
            #expect(preflightOK.json?["upload_url"]?.stringValue == server.uploadBaseURL + "/files/content")
            let preflightConflict = try await server.api(.OPTIONS, "/files/content", token: token, json: ["name": "readme.txt", "parent": ["id": .string(admin.folderId)]])
            #expect(preflightConflict.status == 409)
            let conflict = try await upload(server, token: token, name: "readme.txt", bytes: [1, 2, 3], parent: admin.folderId)
            #expect(conflict.status == 409)
            #expect(conflict.json?["context_info"]?["conflicts"]?.arrayValue?.first?["id"]?.stringValue == admin.fileId)
        }
    }

    @Test func attributesMustComeFirst() async throws {
        try await withTestServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let result = try await server.send(
                .POST, server.uploadBaseURL + "/files/content",
                headers: [("Content-Type", Multipart.contentType), ("Authorization", "Bearer \(token)")],
                body: Multipart.upload(attributes: ["name": "a.txt", "parent": ["id": "0"]], file: [1], fileFirst: true))
            #expect(result.status == 400)
        }
    }

    @Test func newVersionsRespectIfMatchAndKeepHistory() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)
            let url = server.uploadBaseURL + "/files/\(admin.fileId)/content"
            let body = Multipart.upload(attributes: ["name": "readme-v2.txt"], file: Array("version two".utf8))
            let stale = try await server.send(
                .POST, url, headers: [("Content-Type", Multipart.contentType), ("Authorization", "Bearer \(token)"), ("If-Match", "41")], body: body)
            #expect(stale.status == 412)
            let fresh = try await server.send(
                .POST, url, headers: [("Content-Type", Multipart.contentType), ("Authorization", "Bearer \(token)"), ("If-Match", "0")], body: body)
            #expect(fresh.status == 201)
            #expect(SpecConformance.problems(method: "POST", url: url, result: fresh).isEmpty)
            #expect(fresh.json?["entries"]?[0]?["name"] == "readme-v2.txt")
            let content = try await server.fileContent(fileId: admin.fileId)
            #expect(content.bytes == Array("version two".utf8))
            let full = try await server.api(.GET, "/files/\(admin.fileId)?fields=version_number", token: token)
            #expect(full.json?["version_number"] == "2")
        }
    }

    @Test func notReadyDownloadsAnswer202WithRetryAfter() async throws {
        try await withTestServer { server in
            let admin = server.seed.adminUser
            let token = try await server.mintDeveloperToken(userId: admin.id)
            await server.setDownloadNotReady(fileId: admin.fileId, times: 1)
            let first = try await server.api(.GET, "/files/\(admin.fileId)/content", token: token)
            #expect(first.status == 202)
            #expect(first.header("retry-after") == "1")
            let second = try await server.api(.GET, "/files/\(admin.fileId)/content", token: token)
            #expect(second.status == 302)
            let bytes = try await server.send(.GET, second.header("location") ?? "")
            #expect(bytes.text == admin.fileContent)
        }
    }

    @Test func largeUploadsSpillToDiskAndStillRoundTrip() async throws {
        var configuration = BoxLikeServerConfiguration()
        configuration.contentSpillThreshold = 64 * 1024
        try await withTestServer(configuration) { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let bytes = (0..<(3 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let uploaded = try await upload(server, token: token, name: "big.bin", bytes: bytes)
            #expect(uploaded.status == 201)
            let fileId = try #require(uploaded.json?["entries"]?[0]?["id"]?.stringValue)
            let location = try #require(try await server.api(.GET, "/files/\(fileId)/content", token: token).header("location"))
            let download = try await server.send(.GET, location, headers: [("Range", "bytes=1048570-1048589")])
            #expect(download.body == Array(bytes[1_048_570..<1_048_590]))
            #expect(download.header("x-boxlike-sha1") == Self.sha1(bytes))
        }
    }
}
