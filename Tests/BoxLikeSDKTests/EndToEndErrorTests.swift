import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

@Suite("Typed errors and bad server input")
struct EndToEndErrorTests {
    @Test func apiErrorsCarryStatusCodeMessageRequestIdAndRequest() async throws {
        try await withServer { server in
            let (client, token) = try await server.developerTokenClient()
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.folders.getFolderById(folderId: "424242",
                                                       queryParams: GetFolderByIdQueryParams(fields: ["name"]))
            }
            let apiError = try #require(error)
            #expect(apiError.status == 404)
            #expect(apiError.code == "not_found")
            #expect(apiError.message?.isEmpty == false)
            #expect(apiError.requestId?.isEmpty == false)
            #expect(apiError.requestMethod == "GET")
            #expect(apiError.requestUrl.hasSuffix("/2.0/folders/424242?fields=name"))
            #expect(apiError.operationId == "getFolderById")
            #expect(apiError.rawBody?.contains("not_found") == true)
            #expect(!apiError.description.contains(token))
            #expect(!String(reflecting: apiError).contains(token))
        }
    }

    @Test func aPreconditionFailureIsA412() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let folderId = server.seed.adminSubfolderId
            let error = await #expect(throws: BoxAPIError.self) {
                try await client.folders.updateFolderById(
                    folderId: folderId, requestBody: UpdateFolderByIdRequestBody(name: "renamed"),
                    headers: UpdateFolderByIdHeaders(ifMatch: "not-the-etag"))
            }
            #expect(error?.status == 412)
        }
    }

    @Test func malformedJSONIsAnInvalidResponseError() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            _ = await server.faults.inject(.malformedJSON, method: "GET", path: .exact("/2.0/users/me"), count: 1)
            let error = await #expect(throws: BoxSDKError.self) { try await client.users.getUserMe() }
            #expect(error?.kind == .invalidResponse)
        }
    }

    @Test func aTruncatedBodyIsATypedError() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient(maxAttempts: 1)
            _ = await server.faults.inject(.truncateBody, method: "GET", path: .exact("/2.0/users/me"), count: 1)
            do {
                _ = try await client.users.getUserMe()
                Issue.record("a truncated body must not decode")
            } catch let error as BoxNetworkError {
                #expect(error.kind == .bodyIncomplete || error.kind == .connectionLost)
            } catch let error as BoxSDKError {
                #expect(error.kind == .invalidResponse)
            }
        }
    }

    @Test func aBodyLargerThanTheLimitIsRefused() async throws {
        try await withServer { server in
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            var session = server.networkSession()
            session.maxResponseBodySize = 64
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
            let error = await #expect(throws: BoxSDKError.self) { try await client.users.getUserMe() }
            #expect(error?.kind == .invalidResponse)
            #expect(error?.message.contains("limit") == true)
        }
    }

    @Test func aSecond401IsReportedNotLooped() async throws {
        try await withServer { server in
            let session = server.networkSession()
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "not-a-real-token"), networkSession: session)
            let error = await #expect(throws: BoxAPIError.self) { try await client.users.getUserMe() }
            #expect(error?.status == 401)
            #expect(error?.responseHeaders["www-authenticate"] == Redaction.placeholder)
            #expect(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).count == 1)
        }
    }

    @Test func asUserAndExtraHeadersReachTheServer() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let appUser = server.seed.appUsers[0]
            let me = try await client.withAsUserHeader(userId: appUser.id)
                .withExtraHeaders(["X-Box-UA": "agent=demo/1.0"])
                .users.getUserMe()
            #expect(me.id == appUser.id)
            let entry = try #require(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).last)
            #expect(entry.headers["as-user"] == appUser.id)
            #expect(entry.headers["x-box-ua"] == "agent=demo/1.0")
        }
    }

    @Test func logsDescribeRequestsAndRetriesButNeverTheToken() async throws {
        try await withServer { server in
            let capture = LogCapture()
            let (client, token) = try await server.developerTokenClient(logger: capture.logger(label: "runtime"))
            _ = await server.faults.inject(.status(503), method: "GET", path: .exact("/2.0/users/me"), count: 1)
            _ = try await client.users.getUserMe()
            _ = try? await client.folders.getFolderById(folderId: "404404")
            _ = try await client.uploads.uploadFile(.bytes(Array("secret-free".utf8)), name: "log.txt", parentFolderId: "0")
            let lines = capture.lines
            #expect(lines.contains { $0.contains("request") && $0.contains("getUserMe") })
            #expect(lines.contains { $0.contains("retrying") && $0.contains("503") })
            #expect(lines.contains { $0.contains("request failed") && $0.contains("404") })
            #expect(capture.linesLeaking([token, "Bearer "]).isEmpty)
        }
    }

    @Test func anAPIErrorDescribesItsRequestAndResponseAsBoxsSwiftSDKDoesWithoutTheToken() async throws {
        try await withServer { server in
            let (client, token) = try await server.developerTokenClient()

            let error = await #expect(throws: BoxAPIError.self) {
                try await client.folders.getFolderById(folderId: "404404", queryParams: GetFolderByIdQueryParams(fields: ["name"]))
            }

            let response = try #require(error?.responseInfo)
            let request = try #require(error?.requestInfo)
            #expect(response.statusCode == 404)
            #expect(response.code == "not_found")
            #expect(response.body?["type"] == "error")
            #expect(response.requestId?.isEmpty == false)
            #expect(request.method == "GET")
            #expect(request.url.hasSuffix("/2.0/folders/404404?fields=name"))
            #expect(request.queryParams == ["fields": "name"])
            #expect(request.headers.isEmpty)
            #expect(!"\(request)\(response)".contains(token))
        }
    }
}
