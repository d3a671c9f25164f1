import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// `makeRequest(fetchOptions:)`: Box's Swift SDK's raw call, written as its documentation
/// shows, through this SDK's pipeline.
@Suite("Raw calls with FetchOptions")
struct FetchOptionsTests {
    @Test func aGetWithParamsReturnsTheJSONAndCarriesTheCredentials() async throws {
        try await withServer { server in
            let (client, token) = try await server.developerTokenClient()

            let response = try await client.makeRequest(fetchOptions: FetchOptions(
                url: server.apiBaseURL + "/users/me?fields=id", params: ["limit": "5"]))

            #expect(response.status == 200)
            #expect(response.data?["id"]?.stringValue == server.seed.adminUser.id)
            let entry = try #require(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).first)
            #expect(entry.usedToken(token))
            #expect(entry.query == "fields=id&limit=5")
        }
    }

    @Test func aPostSendsItsJSONData() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()

            let response = try await client.makeRequest(fetchOptions: FetchOptions(
                url: server.apiBaseURL + "/folders", method: "POST", data: ["name": "fetched", "parent": ["id": "0"]]))

            #expect(response.status == 201)
            let folder = try await client.folders.getFolderById(folderId: try #require(response.data?["id"]?.stringValue))
            #expect(folder.name == "fetched")
        }
    }

    @Test func aMultipartUploadGoesToTheUploadServer() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let stream = InputStream(data: Data("streamed".utf8))

            let response = try await client.makeRequest(fetchOptions: FetchOptions(
                url: server.uploadBaseURL + "/files/content", method: "POST",
                multipartData: [
                    MultipartItem(partName: "attributes", data: ["name": "fetch.txt", "parent": ["id": "0"]]),
                    MultipartItem(partName: "file", fileStream: stream, fileName: "fetch.txt", contentType: "text/plain"),
                ], contentType: "multipart/form-data"))

            #expect(response.status == 201)
            let id = try #require(response.data?["entries"]?[0]?["id"]?.stringValue)
            #expect(try await client.text(ofFile: id) == "streamed")
        }
    }

    @Test func aBinaryAnswerIsWrittenToTheDestination() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let destination = FileManager.default.temporaryDirectory.appendingPathComponent("fetch-\(UUID().uuidString).txt")
            defer { try? FileManager.default.removeItem(at: destination) }

            let response = try await client.makeRequest(fetchOptions: FetchOptions(
                url: server.apiBaseURL + "/files/\(server.seed.adminUser.fileId)/content", responseFormat: .binary,
                downloadDestinationUrl: destination))

            #expect(response.downloadDestinationUrl == destination)
            #expect(try String(contentsOf: destination, encoding: .utf8) == server.seed.adminUser.fileContent)
        }
    }

    @Test func aURLOutsideTheClientsServersIsRefusedBeforeAnythingIsSent() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()

            let error = await #expect(throws: BoxSDKError.self) {
                try await client.makeRequest(fetchOptions: FetchOptions(url: "https://elsewhere.example/2.0/users/me"))
            }

            #expect(error?.kind == .invalidArgument)
            #expect(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).isEmpty)
        }
    }
}
