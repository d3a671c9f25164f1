import BoxLikeSDK
import BoxLikeServer
import BoxLikeSoak
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

/// The in-process transport on its own: raw requests through `ClientTransport.send`, no SDK
/// pipeline, so what is checked is what the transport carries.
@Suite("In-process transport")
struct InProcessTransportTests {
    @Test func aStreamedUploadBodyReachesTheServerIntact() async throws {
        try await BoxLikeServer.withRunningInProcess { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let content = Self.bytes(count: 512 * 1024 + 3)
            let boundary = "InProcessTransportTestBoundary"
            let head = Array(("--\(boundary)\r\nContent-Disposition: form-data; name=\"attributes\"\r\n\r\n"
                + #"{"name":"streamed.bin","parent":{"id":"0"}}"# + "\r\n--\(boundary)\r\n"
                + "Content-Disposition: form-data; name=\"file\"; filename=\"streamed.bin\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n").utf8)
            let tail = Array("\r\n--\(boundary)--\r\n".utf8)
            // Pieces of 64 KiB with no length announced: the body goes chunked, as a stream.
            let pieces = [ArraySlice(head)] + stride(from: 0, to: content.count, by: 64 * 1024).map {
                content[$0..<min($0 + 64 * 1024, content.count)]
            } + [ArraySlice(tail)]
            let body = HTTPBody(AsyncStream { continuation in
                for piece in pieces { continuation.yield(piece) }
                continuation.finish()
            }, length: .unknown)
            var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/files/content")
            request.headerFields[.authorization] = "Bearer \(token)"
            request.headerFields[.contentType] = "multipart/form-data; boundary=\(boundary)"

            let (response, responseBody) = try await server.inProcessTransport.send(
                request, body: body, baseURL: try Self.url(server.uploadBaseURL), operationID: "uploadFile")

            #expect(response.status == .created)
            let json = try Self.object(try await Self.collect(responseBody))
            let entries = try #require(json["entries"] as? [[String: Any]])
            let fileId = try #require(entries.first?["id"] as? String)
            #expect(try await server.fileContent(fileId: fileId).bytes == content)
        }
    }

    @Test func aLargeDownloadStreamsBackInPiecesWithTheRightBytes() async throws {
        try await BoxLikeServer.withRunningInProcess { server in
            let (client, token) = try await server.developerTokenClient()
            // Past four of the server's 256 KiB reads, so the body comes back in several pieces.
            let content = Self.bytes(count: 1024 * 1024 + 5)
            let uploaded = try await client.uploads.uploadFile(.bytes(content), name: "large.bin", parentFolderId: "0")
            let fileId = try #require(uploaded.entries?.first?.id)
            var request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/files/\(fileId)/content")
            request.headerFields[.authorization] = "Bearer \(token)"
            let (redirect, _) = try await server.inProcessTransport.send(
                request, body: nil, baseURL: try Self.url(server.apiBaseURL), operationID: "downloadFile")
            #expect(redirect.status == .found)
            let location = try #require(redirect.headerFields[.location].flatMap(URL.init(string:)))

            let (response, body) = try await server.inProcessTransport.send(
                HTTPRequest(method: .get, scheme: nil, authority: nil, path: location.path),
                body: nil, baseURL: server.originURL, operationID: "downloadFileContent")

            #expect(response.status == .ok)
            #expect(body?.length == .known(Int64(content.count)))
            var received: [UInt8] = []
            var pieces = 0
            for try await piece in try #require(body) {
                received += piece
                pieces += 1
            }
            #expect(received == content)
            #expect(pieces > 1)
        }
    }

    @Test func anErrorResponseKeepsBoxsErrorBodyAndRequestId() async throws {
        try await BoxLikeServer.withRunningInProcess { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            var request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/files/987654321")
            request.headerFields[.authorization] = "Bearer \(token)"

            let (response, body) = try await server.inProcessTransport.send(
                request, body: nil, baseURL: try Self.url(server.apiBaseURL), operationID: "getFileById")

            #expect(response.status == .notFound)
            #expect(response.headerFields[.contentType]?.hasPrefix("application/json") == true)
            let json = try Self.object(try await Self.collect(body))
            #expect(json["type"] as? String == "error")
            #expect(json["status"] as? Int == 404)
            #expect(json["code"] as? String == "not_found")
            #expect((json["message"] as? String)?.isEmpty == false)
            let requestIdHeader = try #require(HTTPField.Name("box-request-id"))
            #expect(json["request_id"] as? String == response.headerFields[requestIdHeader])
        }
    }

    @Test func aConnectionResetSurfacesAsATransportError() async throws {
        try await BoxLikeServer.withRunningInProcess { server in
            _ = await server.faults.inject(.resetConnection, path: .exact("/2.0/users/me"))
            let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/users/me")

            await #expect(throws: InProcessTransportError.connectionClosed) {
                _ = try await server.inProcessTransport.send(
                    request, body: nil, baseURL: try Self.url(server.apiBaseURL), operationID: "getUserMe")
            }
        }
    }

    @Test func aTruncatedBodyFailsWhileItIsRead() async throws {
        try await BoxLikeServer.withRunningInProcess { server in
            _ = await server.faults.inject(.truncateBody, path: .exact("/2.0/users/me"))
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            var request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/users/me")
            request.headerFields[.authorization] = "Bearer \(token)"
            let (response, body) = try await server.inProcessTransport.send(
                request, body: nil, baseURL: try Self.url(server.apiBaseURL), operationID: "getUserMe")
            #expect(response.status == .ok)

            await #expect(throws: InProcessTransportError.connectionClosed) {
                _ = try await Self.collect(body)
            }
        }
    }

    @Test func aRequestForAnotherOriginIsRefused() async throws {
        try await BoxLikeServer.withRunningInProcess { server in
            let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/users/me")

            await #expect(throws: InProcessTransportError.foreignOrigin("", expected: "")) {
                _ = try await server.inProcessTransport.send(
                    request, body: nil, baseURL: try Self.url("https://api.box.com/2.0"), operationID: "getUserMe")
            }
        }
    }

    @Test func aStoppedServerRefusesRequests() async throws {
        let server = try await BoxLikeServer.startInProcess()
        await server.stop()
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/users/me")

        await #expect(throws: InProcessTransportError.serverStopped) {
            _ = try await server.inProcessTransport.send(
                request, body: nil, baseURL: try Self.url(server.apiBaseURL), operationID: "getUserMe")
        }
    }

    @Test func aCancelledLongPollIsReleasedOnTheServer() async throws {
        var configuration = BoxLikeServerConfiguration()
        configuration.realtimeHoldTime = .seconds(60)
        try await BoxLikeServer.withRunningInProcess(configuration) { server in
            let (client, _) = try await server.developerTokenClient()
            let options = try await client.events.getEventsWithLongPolling()
            let realtime = try #require(options.entries?.first?.url.flatMap { URL(string: $0) })
            var components = try #require(URLComponents(url: realtime, resolvingAgainstBaseURL: false))
            let path = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
            components.path = ""
            components.query = nil
            let origin = try #require(components.url)
            let poll = Task {
                try await server.inProcessTransport.send(
                    HTTPRequest(method: .get, scheme: nil, authority: nil, path: path),
                    body: nil, baseURL: origin, operationID: "realtimePoll")
            }
            await server.waitUntilOpenRealtimePolls(1)

            poll.cancel()

            await server.waitUntilOpenRealtimePolls(0)
            await #expect(throws: CancellationError.self) { _ = try await poll.value }
        }
    }

    @Test func aLongPollCancelledBeforeItsRequestEndedIsReleasedOnTheServer() async throws {
        var configuration = BoxLikeServerConfiguration()
        configuration.realtimeHoldTime = .seconds(60)
        try await BoxLikeServer.withRunningInProcess(configuration) { server in
            let (client, _) = try await server.developerTokenClient()
            let options = try await client.events.getEventsWithLongPolling()
            let realtime = try #require(options.entries?.first?.url.flatMap { URLComponents(string: $0) })
            let path = realtime.percentEncodedPath + (realtime.percentEncodedQuery.map { "?" + $0 } ?? "")
            // A request body that never ends: the server holds the poll while the request is
            // still arriving.
            let (never, continuation) = AsyncStream<ArraySlice<UInt8>>.makeStream()
            continuation.yield([0])
            let poll = Task {
                try await server.inProcessTransport.send(
                    HTTPRequest(method: .get, scheme: nil, authority: nil, path: path),
                    body: HTTPBody(never, length: .unknown), baseURL: server.originURL, operationID: "realtimePoll")
            }
            await server.waitUntilOpenRealtimePolls(1)

            poll.cancel()

            await server.waitUntilOpenRealtimePolls(0)
            await #expect(throws: CancellationError.self) { _ = try await poll.value }
            continuation.finish()
        }
    }

    // MARK: - Helpers

    static func bytes(count: Int) -> [UInt8] {
        var generator = SplitMix64(state: 7)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }

    static func url(_ text: String) throws -> URL {
        try #require(URL(string: text))
    }

    static func collect(_ body: HTTPBody?) async throws -> [UInt8] {
        guard let body else { return [] }
        return Array(try await Data(collecting: body, upTo: 64 * 1024 * 1024))
    }

    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }
}
