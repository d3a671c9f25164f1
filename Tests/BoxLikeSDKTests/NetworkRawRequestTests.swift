import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// `makeRequest`: the escape hatch through the same pipeline as generated calls.
@Suite("Raw calls")
struct NetworkRawRequestTests {
    @Test func aRawGetReturnsJSONAndCarriesTheCredentials() async throws {
        try await withServer { server in
            let (client, token) = try await server.developerTokenClient()
            let response = try await client.makeRequest(method: .get, path: "/users/me", query: ["fields": "id,name"])
            #expect(response.status == 200)
            #expect(response.json?["id"]?.stringValue == server.seed.adminUser.id)
            let entry = try #require(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).first)
            #expect(entry.usedToken(token))
            #expect(entry.query == "fields=id%2Cname" || entry.query == "fields=id,name")
        }
    }

    @Test func aRawPostWithAJSONBodyChangesTheServer() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let response = try await client.makeRequest(
                method: .post, path: "/folders", body: .json(["name": "raw-made", "parent": ["id": "0"]]))
            #expect(response.status == 201)
            let id = try #require(response.json?["id"]?.stringValue)
            let folder = try await client.folders.getFolderById(folderId: id)
            #expect(folder.name == "raw-made")
        }
    }

    @Test func aRawDownloadStreamsTheBody() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let payload = Array("raw download".utf8)
            let file = try #require(try await client.uploads.uploadFile(.bytes(payload), name: "raw.txt", parentFolderId: "0").entries?.first)
            let response = try await client.makeRequest(path: "/files/\(file.id)/content", response: .stream)
            guard case .stream(let stream) = response.body else {
                Issue.record("expected a stream")
                return
            }
            #expect(try await stream.collect(upTo: 1024) == payload)
        }
    }

    @Test func anErrorStatusIsATypedAPIError() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let error = await #expect(throws: BoxAPIError.self) { try await client.makeRequest(path: "/files/31337") }
            #expect(error?.status == 404)
            #expect(error?.operationId == "makeRequest")
        }
    }

    @Test func rawCallsAreRetriedLikeGeneratedOnes() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            _ = await server.faults.inject(.status(503), method: "GET", path: .exact("/2.0/users/me"), count: 1)
            let response = try await client.makeRequest(path: "/users/me")
            #expect(response.status == 200)
            #expect(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).count == 2)
        }
    }

    @Test(arguments: ["/folders/../users/me", "/folders/%2e%2E/users/me", "folders/0", "/folders/0?limit=1",
                      "/folders/0#x", "/folders/a b", "/folders/0\r\nX-Evil: 1", "/folders/%zz", "/folders/%2F"])
    func aPathThatCouldEscapeIsRefusedAndNothingIsSent(path: String) async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let error = await #expect(throws: BoxSDKError.self) { try await client.makeRequest(path: path) }
            #expect(error?.kind == .invalidArgument)
            #expect(await server.requestLog.all.isEmpty)
        }
    }

    @Test(arguments: [["X-Evil": "a\r\nInjected: 1"], ["X-Evil": "a\nb"], ["Bad Name": "x"], ["X-Nul": "a\u{0}b"]])
    func aHeaderWithLineBreaksIsRefusedAndNothingIsSent(headers: [String: String]) async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let error = await #expect(throws: BoxSDKError.self) { try await client.makeRequest(path: "/users/me", headers: headers) }
            #expect(error?.kind == .invalidArgument)
            #expect(await server.requestLog.all.isEmpty)
        }
    }
}
