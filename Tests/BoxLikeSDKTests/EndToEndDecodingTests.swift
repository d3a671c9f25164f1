import BoxLikeSDK
import BoxLikeServer
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import Testing

/// Passes requests on and keeps the body of the last JSON response.
final class RecordingTransport: ClientTransport {
    let base: any ClientTransport
    private let lastBody = Mutex<[UInt8]?>(nil)

    init(base: any ClientTransport) { self.base = base }

    var last: [UInt8]? { lastBody.withLock { $0 } }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL,
              operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await base.send(request, body: body, baseURL: baseURL, operationID: operationID)
        guard let responseBody, response.headerFields[.contentType]?.hasPrefix("application/json") == true else {
            return (response, responseBody)
        }
        let bytes = try await [UInt8](collecting: responseBody, upTo: 16 << 20)
        lastBody.withLock { $0 = bytes }
        return (response, HTTPBody(bytes))
    }
}

/// The generated models, decoded by the runtime's decoder from what the server really sends,
/// against `JSONDecoder` on the same bodies.
@Suite("Generated models decode server responses as JSONDecoder does")
struct EndToEndDecodingTests {
    @Test func readOperationsDecodeAsJSONDecoderWould() async throws {
        try await withServer { server in
            let recorder = RecordingTransport(base: server.testTransport ?? DefaultTransport.shared)
            let (client, _) = try await server.developerTokenClient(transport: recorder)
            let admin = server.seed.adminUser
            var checked = 0

            func check<T: Codable>(_ name: String, _ call: () async throws -> T) async throws {
                let value = try await call()
                let body = try #require(recorder.last, "\(name) sent no JSON")
                let foundation = try JSONCoding.makeDecoder().decode(T.self, from: Data(body))
                let ours = String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self)
                let theirs = String(decoding: try JSONCoding.encoder.encode(foundation), as: UTF8.self)
                #expect(ours == theirs, "\(name) decodes differently")
                #expect(ours.count > 20, "\(name) should have decoded something")
                checked += 1
            }

            try await check("getUserMe") { try await client.users.getUserMe() }
            try await check("getUsers") { try await client.users.getUsers() }
            try await check("getUserById") { try await client.users.getUserById(userId: server.seed.appUsers[0].id) }
            try await check("getFolderById") { try await client.folders.getFolderById(folderId: "0") }
            try await check("getFolderItems") { try await client.folders.getFolderItems(folderId: "0") }
            try await check("getFolderById(sub)") { try await client.folders.getFolderById(folderId: server.seed.adminSubfolderId) }
            try await check("getFileById") { try await client.files.getFileById(fileId: admin.fileId) }
            try await check("getEvents") { try await client.events.getEvents() }
            try await check("getFileMetadata") { try await client.fileMetadata.getFileMetadata(fileId: admin.fileId) }
            try await check("getFolderCollaborations") {
                try await client.listCollaborations.getFolderCollaborations(folderId: admin.folderId)
            }
            try await check("getWebhooks") { try await client.webhooks.getWebhooks() }
            try await check("searchForContent") {
                try await client.search.searchForContent(queryParams: SearchForContentQueryParams(query: "a"))
            }
            #expect(checked == 12)
        }
    }
}
