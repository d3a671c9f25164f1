import BoxLikeSDK
import BoxLikeServer
import Foundation
import OpenAPIRuntime
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
}
