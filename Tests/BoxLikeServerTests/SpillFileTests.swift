import Foundation
import NIOCore
import Testing
@testable import BoxLikeServer

/// Content past the spill threshold goes to temporary files: private to the server's user,
/// and gone as soon as the upload they belonged to fails, is abandoned or is refused.
@Suite("Spill files of uploads", .timeLimit(.minutes(10)))
struct SpillFileTests {
    struct Abandoned: Error {}

    /// A new empty directory for one test's spill files.
    static func spillDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "boxlike-spill-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func files(in directory: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    }

    /// Waits up to a few seconds for `directory` to hold no file (deletion follows the failed
    /// request's unwinding).
    static func waitUntilEmpty(_ directory: String) async throws -> [String] {
        for _ in 0..<100 where !files(in: directory).isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        return files(in: directory)
    }

    static func configuration(spillDirectory: String) -> BoxLikeServerConfiguration {
        var configuration = BoxLikeServerConfiguration()
        configuration.contentSpillThreshold = 16 * 1024
        configuration.contentSpillDirectory = spillDirectory
        return configuration
    }

    /// A multipart body's opening up to the file's bytes, then `fileChunks` chunks of 32 KiB,
    /// then (when `failing`) an error as a client that goes away halfway.
    static func halfSentForm(head: [UInt8], fileChunks: Int, failing: Bool) -> AsyncThrowingStream<[UInt8], any Error> {
        AsyncThrowingStream { continuation in
            continuation.yield(head)
            for _ in 0..<fileChunks { continuation.yield([UInt8](repeating: 0x41, count: 32 * 1024)) }
            if failing { continuation.finish(throwing: Abandoned()) }
        }
    }

    static func fileRequestURL(_ server: BoxLikeServer, token: String) async throws -> String {
        let folder = try await server.api(.POST, "/folders", token: token, json: ["name": "Submissions", "parent": ["id": "0"]])
        let folderId = try #require(folder.json?["id"]?.stringValue)
        let request = try await server.api(.POST, "/folders/\(folderId)/file_request", token: token)
        let path = try #require(request.json?["url"]?.stringValue)
        return server.origin + path
    }

    static let fileRequestFormHead = Array((
        "--\(Multipart.boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.bin\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\n").utf8)

    @Test func aSpilledFileIsReadableAndWritableByTheServerUserOnly() throws {
        let directory = try Self.spillDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var sink = ContentSink(spillThreshold: 16, directory: directory)
        try sink.append(ByteBuffer(bytes: [UInt8](repeating: 7, count: 64)))

        let content = try sink.finish()

        let name = try #require(Self.files(in: directory).first)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/" + name)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(content.size == 64)
    }

    @Test func anUploadWhoseBodyFailsHalfwayLeavesNoSpillFile() async throws {
        let directory = try Self.spillDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await withTestServer(Self.configuration(spillDirectory: directory)) { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let complete = Multipart.upload(attributes: ["name": "big.bin", "parent": ["id": "0"]], file: [])
            let head = Array(complete.dropLast("\r\n--\(Multipart.boundary)--\r\n".utf8.count))

            _ = try? await server.sendStreaming(
                .POST, server.uploadBaseURL + "/files/content",
                headers: [("Content-Type", Multipart.contentType), ("Authorization", "Bearer \(token)")],
                chunks: Self.halfSentForm(head: head, fileChunks: 8, failing: true))

            #expect(try await Self.waitUntilEmpty(directory) == [])
        }
    }

    @Test func aFileRequestUploadAbandonedHalfwayLeavesNoSpillFile() async throws {
        let directory = try Self.spillDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await withTestServer(Self.configuration(spillDirectory: directory)) { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let page = try await Self.fileRequestURL(server, token: token)

            _ = try? await server.sendStreaming(
                .POST, page, headers: [("Content-Type", Multipart.contentType)],
                chunks: Self.halfSentForm(head: Self.fileRequestFormHead, fileChunks: 8, failing: true))

            #expect(try await Self.waitUntilEmpty(directory) == [])
        }
    }

    @Test func aFileRequestPageRefusesAFilePastTheOwnersLimitWithoutReadingTheRest() async throws {
        let directory = try Self.spillDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await withTestServer(Self.configuration(spillDirectory: directory)) { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let page = try await Self.fileRequestURL(server, token: token)
            await server.state.setMaxUploadSize(100 * 1024, of: server.seed.adminUser.id)
            // 256 KiB of a file that never ends: only an answer given while it is still being
            // sent can arrive.
            let (chunks, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
            continuation.yield(Self.fileRequestFormHead)
            for _ in 0..<8 { continuation.yield([UInt8](repeating: 0x41, count: 32 * 1024)) }
            let gaveUp = Flag()
            let giveUp = Task {
                try await Task.sleep(for: .seconds(30))
                await gaveUp.raise()
                continuation.finish(throwing: Abandoned())
            }
            defer {
                giveUp.cancel()
                continuation.finish()
            }

            let result = try? await server.sendStreaming(.POST, page, headers: [("Content-Type", Multipart.contentType)], chunks: chunks)

            #expect(await gaveUp.isRaised == false, "the page answered only once the client stopped sending")
            #expect(result?.status == 413)
            #expect(result?.text.contains("file_size_limit_exceeded") == true)
            #expect(try await Self.waitUntilEmpty(directory) == [])
        }
    }
}

/// Whether something happened, across tasks.
actor Flag {
    private(set) var isRaised = false
    func raise() { isRaised = true }
}

extension ServerState {
    /// Sets a user's upload limit, as an admin's account settings would.
    func setMaxUploadSize(_ size: Int, of userId: String) {
        users[userId]?.maxUploadSize = size
    }
}
