import BoxLikeSDK
import BoxLikeServer
import Foundation
import OpenAPIRuntime
import Synchronization
import Testing

/// The same behaviour through every transport the SDK ships.
@Suite("Transports")
struct EndToEndTransportTests {
    enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case asyncHTTPClient, urlSession

        var transport: any ClientTransport {
            switch self {
            case .asyncHTTPClient: DefaultTransport.shared
            case .urlSession: DefaultTransport.urlSession()
            }
        }

        var testDescription: String { rawValue }
    }

    @Test(arguments: TransportKind.allCases)
    func jsonCallsWork(kind: TransportKind) async throws {
        try await withLoopbackServer { server in
            let (client, _) = try await server.developerTokenClient(transport: kind.transport)
            let me = try await client.users.getUserMe()
            #expect(me.id == server.seed.adminUser.id)
            let items = try await client.folders.getFolderItems(folderId: "0")
            #expect(items.entries?.isEmpty == false)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func errorsAreTyped(kind: TransportKind) async throws {
        try await withLoopbackServer { server in
            let (client, _) = try await server.developerTokenClient(transport: kind.transport)
            let error = await #expect(throws: BoxAPIError.self) { try await client.files.getFileById(fileId: "31337") }
            #expect(error?.status == 404)
            #expect(error?.requestId != nil)
        }
    }

    @Test(arguments: TransportKind.allCases)
    func uploadsAndRedirectedDownloadsWork(kind: TransportKind) async throws {
        try await withLoopbackServer { server in
            let (client, token) = try await server.developerTokenClient(transport: kind.transport)
            let payload = Array("transport \(kind.rawValue)".utf8)
            let files = try await client.uploads.uploadFile(.bytes(payload), name: "\(kind.rawValue).txt", parentFolderId: "0")
            let file = try #require(files.entries?.first)
            let bytes = try await client.downloads.downloadFile(fileId: file.id).collect(upTo: 1024)
            #expect(bytes == payload)
            let contentRequests = await server.requestLog.all.filter { $0.method == "GET" && !$0.path.contains("2.0") }
            #expect(contentRequests.allSatisfy { !$0.usedToken(token) })
        }
    }

    @Test(arguments: TransportKind.allCases)
    func serverErrorsAreRetried(kind: TransportKind) async throws {
        try await withLoopbackServer { server in
            let (client, _) = try await server.developerTokenClient(transport: kind.transport)
            _ = await server.faults.inject(.status(503), method: "GET", path: .exact("/2.0/users/me"), count: 1)
            _ = try await client.users.getUserMe()
            #expect(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).count == 2)
        }
    }

    /// Larger than the body the default transport reads whole (256 KiB), so it streams.
    static let streamedSize = 1024 * 1024 + 17

    @Test(arguments: TransportKind.allCases)
    func aLargeDownloadToAFileIsWrittenVerifiedAndReported(kind: TransportKind) async throws {
        try await withLoopbackServer { server in
            let (client, _) = try await server.developerTokenClient(transport: kind.transport)
            let source = try makeTemporaryFile(size: Self.streamedSize)
            let file = try #require(try await client.uploads.uploadFile(from: source, name: "large-\(kind.rawValue).bin",
                                                                         parentFolderId: "0").entries?.first)
            let reports = Mutex<[TransferProgress]>([])
            let progress = ProgressReporter(minimumStep: 0) { report in reports.withLock { $0.append(report) } }
            let destination = source.deletingLastPathComponent().appendingPathComponent("down-\(kind.rawValue).bin")

            let downloaded = try await client.downloads.downloadFile(fileId: file.id, to: destination, progress: progress)

            #expect(try Data(contentsOf: destination) == (try Data(contentsOf: source)))
            #expect(downloaded.size == Int64(Self.streamedSize))
            #expect(downloaded.checksum == .matched)
            #expect(downloaded.sha1.hex == file.sha1)
            let seen = reports.withLock { $0 }
            #expect(seen.first?.completedBytes == 0)
            #expect(seen.last?.completedBytes == Int64(Self.streamedSize))
            #expect(seen.allSatisfy { $0.totalBytes == Int64(Self.streamedSize) })
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aLargeStreamedDownloadYieldsEveryByteInOrder(kind: TransportKind) async throws {
        try await withLoopbackServer { server in
            let (client, _) = try await server.developerTokenClient(transport: kind.transport)
            let source = try makeTemporaryFile(size: Self.streamedSize, seed: 7)
            let file = try #require(try await client.uploads.uploadFile(from: source, name: "stream-\(kind.rawValue).bin",
                                                                         parentFolderId: "0").entries?.first)

            let stream = try await client.downloads.downloadFile(fileId: file.id)
            var collected: [UInt8] = []
            for try await chunk in stream { collected.append(contentsOf: chunk) }

            #expect(stream.expectedLength == Int64(Self.streamedSize))
            #expect(collected == Array(try Data(contentsOf: source)))
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aJSONBodyLargerThanTheLimitIsRefused(kind: TransportKind) async throws {
        try await withLoopbackServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            var session = server.networkSession(transport: kind.transport)
            session.maxResponseBodySize = 64
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)

            let error = await #expect(throws: BoxSDKError.self) { try await client.users.getUserMe() }

            #expect(error?.kind == .invalidResponse)
            #expect(error?.message.contains("limit of 64 bytes") == true)
        }
    }

    // The default transport only: FoundationNetworking's URLSession sends the GET again by
    // itself when the connection closes early, and the second answer is whole.
    @Test(arguments: [TransportKind.asyncHTTPClient])
    func aDownloadCutOffHalfwayLeavesNoFileBehind(kind: TransportKind) async throws {
        try await withLoopbackServer { server in
            let (client, _) = try await server.developerTokenClient(transport: kind.transport)
            // Three write batches' worth, so the cut comes after a batch went to the file.
            let source = try makeTemporaryFile(size: 3 * 1024 * 1024, seed: 11)
            let file = try #require(try await client.uploads.uploadFile(from: source, name: "cut-\(kind.rawValue).bin",
                                                                         parentFolderId: "0").entries?.first)
            let directory = source.deletingLastPathComponent().appendingPathComponent("downloads")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let destination = directory.appendingPathComponent("cut.bin")
            _ = await server.faults.inject(.truncateBody, method: "GET", path: .glob("/dl/*"), count: 1)

            await #expect(throws: (any Error).self) {
                try await client.downloads.downloadFile(fileId: file.id, to: destination)
            }

            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
    }
}
