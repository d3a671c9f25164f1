@testable import BoxLikeSDK
import BoxLikeServer
import Foundation
import Synchronization
import Testing

/// Values from a server or a user that must never crash the SDK or reveal a secret.
@Suite struct HardeningTests {
    @Test func aTokenAnnouncingTheLongestLifetimeIsClampedAndCanBeDescribedAndLogged() async throws {
        try await withAuthHarness { h in
            let client = h.server.seed.ccgClient
            _ = await h.server.faults.inject(
                .jsonBody(200, #"{"access_token":"HUGE-LIFETIME-TOKEN","expires_in":9223372036854775807,"token_type":"bearer"}"#),
                method: "POST", path: .exact("/oauth2/token"), count: 1)
            let auth = BoxCCGAuth(
                config: CCGConfig(clientId: client.id, clientSecret: client.secret ?? "",
                                  enterpriseId: h.server.seed.enterpriseId),
                networkSession: h.session, logger: h.authLogger)
            let token = try await auth.retrieveToken()
            h.remember(token)
            #expect(token.expiresIn == AccessToken.maximumLifetime)
            let expiresAt = try #require(token.expiresAt)
            #expect(expiresAt.timeIntervalSinceNow > 9 * 365 * 24 * 3600)
            #expect(String(describing: token).contains("expiresAt: 20"))
            var dumped = ""
            dump(token, to: &dumped)
            #expect(!dumped.contains("HUGE-LIFETIME-TOKEN"))
            h.expectNoSecretsLogged()
        }
    }

    @Test func datesBeyondFourDigitYearsAreWrittenAtTheEdgeInsteadOfTrapping() throws {
        let far = AccessToken(accessToken: "t", expiresAt: Date(timeIntervalSince1970: 1e300))
        #expect(String(describing: far).contains("expiresAt: 9999-12-31T23:59:59Z"))
        let early = AccessToken(accessToken: "t", expiresAt: Date(timeIntervalSince1970: -1e300))
        #expect(String(describing: early).contains("expiresAt: 0001-01-01T00:00:00Z"))
    }

    @Test func dumpsAndMirrorsOfCredentialsShowNoSecret() throws {
        let values: [Any] = [
            AccessToken(accessToken: "ACCESS-S3CRET", expiresIn: 60, refreshToken: "REFRESH-S3CRET"),
            CCGConfig(clientId: "id", clientSecret: "CLIENT-S3CRET", enterpriseId: "1"),
            OAuthConfig(clientId: "id", clientSecret: "CLIENT-S3CRET"),
            DeveloperTokenConfig(clientId: "id", clientSecret: "CLIENT-S3CRET"),
            try PKCE(verifier: "VERIFIER-S3CRET-0123456789012345678901234567890123"),
        ]
        for value in values {
            var dumped = ""
            dump(value, to: &dumped)
            let mirrored = Mirror(reflecting: value).children.map { "\($0.label ?? ""): \($0.value)" }.joined()
            for text in [dumped, mirrored, String(describing: value), String(reflecting: value)] {
                #expect(!text.contains("S3CRET"), "\(type(of: value)): \(text)")
            }
            #expect(dumped.contains("<redacted>"), "\(type(of: value))")
        }
    }

    @Test func retryDelaysFromHugeOrOddConfigurationsDoNotTrap() {
        let policy = RetryPolicy(baseDelay: .seconds(Int64.max / 2), factor: 1e300, maxDelay: .seconds(Int64.max),
                                 maxRetryAfter: .seconds(Int64.max), jitter: false)
        #expect(policy.backoffDelay(forRetry: 60) > .seconds(1_000_000))
        #expect(policy.retryAfterDelay("9223372036854775807") != nil)
        _ = DefaultTransport.asyncHTTPClient(timeout: .seconds(Int64.max))
    }

    @Test func aLineBreakInAPartsContentTypeIsRefusedBeforeAnythingIsSent() async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let body = UploadFileRequestBody(
                attributes: UploadFileRequestBodyAttributesField(name: "a.txt", parent: UploadFileRequestBodyAttributesParentField(id: "0")),
                file: .bytes(Array("hello".utf8)),
                fileContentType: "text/plain\r\nX-Injected: yes")
            let error = await #expect(throws: SDKError.self) { try await client.uploads.uploadFile(requestBody: body) }
            #expect(error?.kind == .invalidArgument)
            #expect(error?.message.contains("line break") == true)
            #expect(await server.requestLog.entries(method: "POST", path: .exact("/api/2.0/files/content")).isEmpty)
        }
    }

    @Test func aFailedDownloadDoesNotRevealItsTicketInTheError() async throws {
        try await withServer { server in
            let urls = URLRecorder()
            var session = server.networkSession(maxAttempts: 1)
            session.interceptors = [urls]
            let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
            _ = await server.faults.inject(.status(500), method: "GET", path: .glob("/dl/*"), count: 1)
            let error = await #expect(throws: APIError.self) {
                _ = try await client.downloads.downloadFile(fileId: server.seed.adminUser.fileId)
            }
            let ticketURL = try #require(urls.seen.withLock { $0 }.first { $0.path.hasPrefix("/dl/") })
            let ticket = ticketURL.lastPathComponent
            #expect(ticket.count > 8)
            #expect(error?.status == 500)
            #expect(error?.requestUrl.contains("/dl/<redacted>") == true)
            #expect(!String(describing: error).contains(ticket))
        }
    }

    /// A server that answers `part_size: 1` for a 16 GiB file would make the client plan 1.7×10¹⁰
    /// parts; one that answers 1 GiB would make it buffer a gibibyte per part.
    @Test(arguments: [1, 1 << 30])
    func aSessionWithAnUnusablePartSizeIsRefusedAndGivenBack(partSize: Int) async throws {
        try await withServer { server in
            let (client, _) = try await server.developerTokenClient()
            let session = #"{"id":"F00D","type":"upload_session","part_size":\#(partSize),"total_parts":1,"num_parts_processed":0}"#
            _ = await server.faults.inject(.jsonBody(201, session), method: "POST",
                                           path: .exact("/api/2.0/files/upload_sessions"), count: 1)
            let sixteenGiB: Int64 = 16 << 30
            let error = await #expect(throws: SDKError.self) {
                try await client.chunkedUploads.uploadBigFile(
                    file: .bytes([UInt8](repeating: 1, count: 16)), fileName: "big.bin", fileSize: sixteenGiB,
                    parentFolderId: "0")
            }
            #expect(error?.kind == .invalidResponse)
            #expect(error?.message.contains("F00D") == true)
            #expect(await server.requestLog.entries(method: "PUT", path: .glob("/api/2.0/files/upload_sessions/*")).isEmpty)
            #expect(await server.requestLog.entries(method: "DELETE", path: .exact("/api/2.0/files/upload_sessions/F00D")).count == 1)
        }
    }

    @Test func aPlanNamesItsPartsWithoutListingThem() throws {
        let plan = try UploadPartPlan(totalSize: 10 * 1024 * 1024 + 5, announcedPartSize: 1024 * 1024, sessionId: "s")
        #expect(plan.count == 11)
        #expect(plan.part(10) == UploadPartPlan.Part(index: 10, offset: 10 * 1024 * 1024, size: 5))
        #expect(throws: SDKError.self) {
            try UploadPartPlan(totalSize: 16 << 30, announcedPartSize: 64 * 1024, sessionId: "s")
        }
        #expect(try UploadPartPlan(totalSize: 0, announcedPartSize: 64 * 1024, sessionId: "s").count == 0)
    }

    @Test func aTokenLivingLessThanTheRefreshMarginIsNotFetchedAgainOnEveryCall() async throws {
        try await withAuthHarness(configure: {
            $0.accessTokenLifetime = .seconds(30)
            $0.clock = .manual(ManualServerClock())
        }) { h in
            // Both clocks stand still, so however slowly the ten calls run on a loaded machine
            // the token does not expire on the server, and only the margin rule can make the
            // SDK fetch a token again.
            let frozen = Date()
            let session = h.session.with(clock: ExecutorClock(now: { frozen }, sleep: { try await Task.sleep(for: $0) }))
            let client = h.server.seed.ccgClient
            let auth = BoxCCGAuth(
                config: CCGConfig(clientId: client.id, clientSecret: client.secret ?? "",
                                  enterpriseId: h.server.seed.enterpriseId),
                networkSession: session, refreshMargin: 60, logger: h.authLogger)
            // The calls go through the same still session: a request judges its token by the
            // clock of the session it is sent with.
            for _ in 0..<10 {
                #expect(try await h.currentUserId(auth, over: session) == h.server.seed.serviceAccount.id)
            }
            h.remember(try await auth.retrieveToken())
            #expect(await h.server.requestLog.tokenRequestCount(grantType: "client_credentials") == 1)
        }
    }
}

/// Records the URL of every request the SDK sends, as an app's own interceptor would see it.
private final class URLRecorder: RequestInterceptor {
    let seen = Mutex<[URL]>([])
    func willSend(_ request: inout InterceptedRequest) async throws {
        let url = request.url
        seen.withLock { $0.append(url) }
    }
}
