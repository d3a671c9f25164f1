import BoxLikeSDK
import BoxLikeServer
import Foundation
import Synchronization
import Testing

/// Every rule of the server that depends on time reads the server's clock, so a test moves
/// that clock instead of waiting (or instead of finding the rule silently on the wall clock).
@Suite("Time-dependent rules follow the server's clock")
struct EndToEndServerClockTests {
    @Test func aSharedLinkStopsOpeningOnceItsUnsharedAtPassesOnTheServerClock() async throws {
        let clock = ManualServerClock()
        try await withServer(on: clock) { server in
            let (client, _) = try await server.developerTokenClient()
            let file = try await client.makeFile("expiring.txt", text: "x", in: try await client.makeFolder().id)
            let shared = try await client.sharedLinksFiles.addShareLinkToFile(
                fileId: file.id,
                requestBody: AddShareLinkToFileRequestBody(sharedLink: SharedLinkRequest(
                    access: .open, unsharedAt: clock.now.addingTimeInterval(3600))),
                queryParams: AddShareLinkToFileQueryParams(fields: "shared_link"))
            let url = try #require(shared.sharedLink?.url)
            let lookup = FindFileForSharedLinkHeaders(boxapi: "shared_link=\(url)")
            #expect(try await client.sharedLinksFiles.findFileForSharedLink(headers: lookup).id == file.id)

            await clock.advance(by: .seconds(2 * 3600))

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.sharedLinksFiles.findFileForSharedLink(headers: lookup)
            }
            #expect(error?.status == 404)
        }
    }

    @Test func aDownloadTicketIsRefusedOnceItIsOlderThanFifteenMinutesOnTheServerClock() async throws {
        let clock = ManualServerClock()
        try await withServer(on: clock) { server in
            let urls = TicketRecorder()
            var session = server.networkSession()
            session.interceptors = [urls]
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
            _ = try await client.downloads.downloadFile(fileId: server.seed.adminUser.fileId).collect(upTo: 1 << 20)
            let ticketURL = try #require(urls.seen.withLock { $0 }.first { $0.path.hasPrefix("/dl/") })

            await clock.advance(by: .seconds(14 * 60))
            #expect(try await anonymousStatus(ticketURL, on: server) == 200)

            await clock.advance(by: .seconds(2 * 60))
            #expect(try await anonymousStatus(ticketURL, on: server) == 404)
        }
    }

    @Test func anUploadSessionIsGoneOnceItsExpiresAtPassesOnTheServerClock() async throws {
        let clock = ManualServerClock()
        try await withServer(on: clock) { server in
            let (client, _) = try await server.developerTokenClient()
            let session = try await client.chunkedUploads.createFileUploadSession(requestBody:
                CreateFileUploadSessionRequestBody(folderId: "0", fileSize: 25_000_000, fileName: "late.bin"))
            let sessionId = try #require(session.id)
            let expiresAt = try #require(session.sessionExpiresAt)
            #expect(try await client.chunkedUploads.getFileUploadSessionById(uploadSessionId: sessionId).id == sessionId)

            await clock.advance(by: .seconds(Int64(expiresAt.timeIntervalSince(clock.now)) + 1))

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.chunkedUploads.getFileUploadSessionById(uploadSessionId: sessionId)
            }
            #expect(error?.status == 404)
        }
    }

    @Test func aFileLockPreventingDownloadsLiftsOnceItsExpiresAtPassesOnTheServerClock() async throws {
        let clock = ManualServerClock()
        try await withServer(on: clock) { server in
            let (owner, _) = try await server.developerTokenClient()
            let editorId = server.seed.appUsers[0].id
            let (editor, _) = try await server.developerTokenClient(userId: editorId)
            let folder = try await owner.makeFolder()
            try await owner.collaborate(userId: editorId, on: folder.id, role: .editor)
            let file = try await owner.makeFile("locked.txt", text: "held", in: folder.id)
            _ = try await owner.files.updateFileById(fileId: file.id, requestBody: UpdateFileByIdRequestBody(lock: .value(LockRequest(
                access: .lock, expiresAt: clock.now.addingTimeInterval(3600), isDownloadPrevented: true))))
            let refused = await #expect(throws: BoxAPIError.self) { try await editor.text(ofFile: file.id) }
            #expect(refused?.status == 403)

            await clock.advance(by: .seconds(2 * 3600))

            #expect(try await editor.text(ofFile: file.id) == "held")
        }
    }

    /// The status of a GET of `url` without any credentials.
    private func anonymousStatus(_ url: URL, on server: BoxLikeServer) async throws -> Int {
        try await server.anonymousGET(url.absoluteString).status
    }
}

/// Records the URL of every request the SDK sends, so a test can read the download ticket the
/// SDK followed.
private final class TicketRecorder: RequestInterceptor {
    let seen = Mutex<[URL]>([])
    func willSend(_ request: inout InterceptedRequest) async throws {
        let url = request.url
        seen.withLock { $0.append(url) }
    }
}
