import Crypto
import Foundation
import Testing
@testable import BoxLikeServer

@Suite("Chunked upload sessions")
struct ChunkedUploadTests {
    static let partSize = 1024 * 1024

    static func digest(_ bytes: some Collection<UInt8>) -> String {
        "sha=" + Data(Insecure.SHA1.hash(data: Array(bytes))).base64EncodedString()
    }

    /// Runs `body` against a server with small upload parts, with an admin token.
    func withChunkedServer(_ body: (BoxLikeServer, String) async throws -> Void) async throws {
        var configuration = BoxLikeServerConfiguration()
        configuration.uploadPartSize = Self.partSize
        configuration.minimumChunkedUploadSize = 1024
        try await withTestServer(configuration) { server in
            try await body(server, try await server.mintDeveloperToken(userId: server.seed.adminUser.id))
        }
    }

    func createSession(_ server: BoxLikeServer, _ token: String, size: Int, name: String = "big.bin") async throws -> String {
        let session = try await server.api(
            .POST, "/files/upload_sessions", token: token, json: ["folder_id": "0", "file_size": .int(size), "file_name": .string(name)],
            base: server.uploadBaseURL)
        #expect(session.status == 201)
        #expect(session.json?["part_size"]?.intValue == Self.partSize)
        guard let id = session.json?["id"]?.stringValue else { throw TestFailure("no session: \(session.text)") }
        return id
    }

    func putPart(_ server: BoxLikeServer, _ token: String, session: String, bytes: ArraySlice<UInt8>, offset: Int, total: Int, digest: String? = nil) async throws -> HTTPResult {
        try await server.api(
            .PUT, "/files/upload_sessions/\(session)", token: token,
            headers: [
                ("Content-Type", "application/octet-stream"), ("Digest", digest ?? Self.digest(bytes)),
                ("Content-Range", "bytes \(offset)-\(offset + bytes.count - 1)/\(total)"),
            ], base: server.uploadBaseURL, rawBody: Array(bytes))
    }

    @Test func partsCommitIntoAFile() async throws {
        try await withChunkedServer { server, token in
            let bytes = (0..<(2 * Self.partSize + 1234)).map { UInt8(truncatingIfNeeded: $0 &* 13) }
            let session = try await createSession(server, token, size: bytes.count)
            var parts: [JSONValue] = []
            for offset in stride(from: 0, to: bytes.count, by: Self.partSize).reversed() {
                let slice = bytes[offset..<min(offset + Self.partSize, bytes.count)]
                let result = try await putPart(server, token, session: session, bytes: slice, offset: offset, total: bytes.count)
                #expect(result.status == 200)
                parts.append(try #require(result.json?["part"]))
            }
            let listed = try await server.api(.GET, "/files/upload_sessions/\(session)/parts", token: token, base: server.uploadBaseURL)
            #expect(listed.json?["total_count"] == 3)
            let status = try await server.api(.GET, "/files/upload_sessions/\(session)", token: token, base: server.uploadBaseURL)
            #expect(status.json?["num_parts_processed"] == 3)
            #expect(status.json?["total_parts"] == 3)
            let commit = try await server.api(
                .POST, "/files/upload_sessions/\(session)/commit", token: token, json: ["parts": .array(parts.reversed())],
                headers: [("Digest", Self.digest(bytes))], base: server.uploadBaseURL)
            #expect(commit.status == 201)
            let fileId = try #require(commit.json?["entries"]?[0]?["id"]?.stringValue)
            let stored = try await server.fileContent(fileId: fileId)
            #expect(stored.bytes == bytes)
        }
    }

    @Test func badPartDigestIsRejected() async throws {
        try await withChunkedServer { server, token in
            let bytes = [UInt8](repeating: 7, count: Self.partSize + 10)
            let session = try await createSession(server, token, size: bytes.count)
            let result = try await putPart(
                server, token, session: session, bytes: bytes[0..<Self.partSize], offset: 0, total: bytes.count, digest: Self.digest([1, 2, 3]))
            #expect(result.status == 400)
            #expect(result.json?["code"] == "bad_digest")
        }
    }

    @Test func misalignedShortOrOverlappingRangesAre416() async throws {
        try await withChunkedServer { server, token in
            let bytes = [UInt8](repeating: 9, count: 2 * Self.partSize + 10)
            let session = try await createSession(server, token, size: bytes.count)
            let misaligned = try await putPart(server, token, session: session, bytes: bytes[5..<(5 + Self.partSize)], offset: 5, total: bytes.count)
            #expect(misaligned.status == 416)
            let short = try await putPart(server, token, session: session, bytes: bytes[0..<100], offset: 0, total: bytes.count)
            #expect(short.status == 416)
            let wrongTotal = try await putPart(server, token, session: session, bytes: bytes[0..<Self.partSize], offset: 0, total: 99)
            #expect(wrongTotal.status == 416)
            #expect(try await putPart(server, token, session: session, bytes: bytes[0..<Self.partSize], offset: 0, total: bytes.count).status == 200)
            let overlap = try await putPart(server, token, session: session, bytes: bytes[0..<Self.partSize], offset: 0, total: bytes.count)
            #expect(overlap.status == 416)
        }
    }

    @Test func commitWithWrongDigestOrPartListFails() async throws {
        try await withChunkedServer { server, token in
            let bytes = (0..<(Self.partSize + 100)).map { UInt8(truncatingIfNeeded: $0) }
            let session = try await createSession(server, token, size: bytes.count)
            var parts: [JSONValue] = []
            for offset in [0, Self.partSize] {
                let slice = bytes[offset..<min(offset + Self.partSize, bytes.count)]
                parts.append(try #require(try await putPart(server, token, session: session, bytes: slice, offset: offset, total: bytes.count).json?["part"]))
            }
            let wrongDigest = try await server.api(
                .POST, "/files/upload_sessions/\(session)/commit", token: token, json: ["parts": .array(parts)],
                headers: [("Digest", Self.digest([0]))], base: server.uploadBaseURL)
            #expect(wrongDigest.status == 400)
            #expect(wrongDigest.json?["code"] == "bad_digest")
            let missingPart = try await server.api(
                .POST, "/files/upload_sessions/\(session)/commit", token: token, json: ["parts": .array(Array(parts.prefix(1)))],
                headers: [("Digest", Self.digest(bytes))], base: server.uploadBaseURL)
            #expect(missingPart.status == 400)
            #expect(try await server.api(.DELETE, "/files/upload_sessions/\(session)", token: token, base: server.uploadBaseURL).status == 204)
            #expect(try await server.api(.GET, "/files/upload_sessions/\(session)", token: token, base: server.uploadBaseURL).status == 404)
        }
    }

    @Test func sessionsNeedTheMinimumSize() async throws {
        try await withChunkedServer { server, token in
            let result = try await server.api(
                .POST, "/files/upload_sessions", token: token, json: ["folder_id": "0", "file_size": 10, "file_name": "tiny.bin"],
                base: server.uploadBaseURL)
            #expect(result.status == 400)
        }
    }
}
