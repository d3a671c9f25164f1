@testable import BoxLikeSDK
import BoxLikeServer
import Foundation
import Synchronization
import Testing

/// `BoxCCGAuth` against the Box-style server.
@Suite struct AuthCCGTests {
    func enterpriseAuth(_ h: AuthTestHarness, storage: any TokenStorage = InMemoryTokenStorage(),
                        refreshMargin: TimeInterval = 60) -> BoxCCGAuth {
        let client = h.server.seed.ccgClient
        return BoxCCGAuth(
            config: CCGConfig(clientId: client.id, clientSecret: client.secret ?? "",
                              enterpriseId: h.server.seed.enterpriseId, tokenStorage: storage),
            networkSession: h.session, refreshMargin: refreshMargin, logger: h.authLogger)
    }

    @Test func anEnterpriseTokenActsAsTheServiceAccountAndIsFetchedOnce() async throws {
        try await withAuthHarness { h in
            let auth = enterpriseAuth(h)
            #expect(try await h.currentUserId(auth) == h.server.seed.serviceAccount.id)
            #expect(try await h.currentUserId(auth) == h.server.seed.serviceAccount.id)
            h.remember(try await auth.retrieveToken())
            let log = h.server.requestLog
            #expect(await log.tokenRequestCount(grantType: "client_credentials") == 1)
            let form = try #require(await log.entries(method: "POST", path: .exact("/oauth2/token")).first?.formParameters)
            #expect(form["box_subject_type"] == "enterprise")
            #expect(form["box_subject_id"] == h.server.seed.enterpriseId)
        }
    }

    @Test func aUserSubjectSeesThatUsersFilesWhileTheOriginalKeepsWorking() async throws {
        try await withAuthHarness { h in
            let auth = enterpriseAuth(h)
            #expect(try await h.currentUserId(auth) == h.server.seed.serviceAccount.id)
            let appUser = h.server.seed.appUsers[0]
            let otherUser = h.server.seed.appUsers[1]
            let asUser = auth.withUserSubject(userId: appUser.id)
            // The new auth has its own storage and fetches its token on first use.
            #expect(try await asUser.config.tokenStorage.get() == nil)
            #expect(try await h.currentUserId(asUser) == appUser.id)
            #expect(try await h.folderStatus(appUser.folderId, auth: asUser) == 200)
            #expect(try await h.fileStatus(appUser.fileId, auth: asUser) == 200)
            #expect(try await h.fileStatus(otherUser.fileId, auth: asUser) == 404)

            let back = asUser.withEnterpriseSubject(enterpriseId: h.server.seed.enterpriseId)
            #expect(try await h.currentUserId(back) == h.server.seed.serviceAccount.id)
            #expect(try await h.currentUserId(auth) == h.server.seed.serviceAccount.id)
            for token in [try await auth.retrieveToken(), try await asUser.retrieveToken(), try await back.retrieveToken()] {
                h.remember(token)
            }
            #expect(await h.server.requestLog.tokenRequestCount(grantType: "client_credentials") == 3)
        }
    }

    @Test func withBasicClientAuthenticationTheSecretGoesInTheHeaderAndTheTokenIsIssuedAndRevoked() async throws {
        try await withAuthHarness(configure: { $0.requiresBasicClientAuthentication = true }) { h in
            let app = h.server.seed.ccgClient
            var config = CCGConfig(clientId: app.id, clientSecret: app.secret ?? "", enterpriseId: h.server.seed.enterpriseId)
            config.clientAuthentication = .clientSecretBasic
            let auth = BoxCCGAuth(config: config, networkSession: h.session, logger: h.authLogger)

            #expect(try await h.currentUserId(auth) == h.server.seed.serviceAccount.id)
            let token = try await auth.retrieveToken()
            h.remember(token)
            try await auth.revokeToken()

            let form = try #require(await h.server.requestLog.entries(method: "POST", path: .exact("/oauth2/token")).first?.formParameters)
            #expect(form["client_id"] == nil)
            #expect(form["client_secret"] == nil)
            #expect(form["grant_type"] == "client_credentials")
            #expect(try await h.statusWithRawToken(try #require(token.accessToken)) == 401)
            let revocations = await h.server.requestLog.entries(method: "POST", path: .exact("/oauth2/revoke"))
            #expect(revocations.map(\.status) == [200])
        }
    }

    @Test func aServerThatDemandsBasicRefusesTheSecretInTheBody() async throws {
        try await withAuthHarness(configure: { $0.requiresBasicClientAuthentication = true }) { h in
            let auth = enterpriseAuth(h)
            let error = await #expect(throws: BoxAPIError.self) { try await auth.retrieveToken() }
            #expect(error?.status == 401)
            #expect(error?.code == "invalid_client")
        }
    }

    @Test func basicCredentialsAreFormEncodedBeforeBase64() {
        // RFC 6749 §2.3.1: the id and secret are form-encoded, then joined with a colon.
        let header = ClientAuthenticationMethod.basicAuthorization(clientId: "app id", clientSecret: "s3:cr/t+é")
        let decoded = header.dropFirst("Basic ".count)
        #expect(header.hasPrefix("Basic "))
        #expect(Data(base64Encoded: String(decoded)).map { String(decoding: $0, as: UTF8.self) } == "app+id:s3%3Acr%2Ft%2B%C3%A9")
    }

    @Test func afterRevokingTheNextCallFetchesAFreshToken() async throws {
        try await withAuthHarness { h in
            let auth = enterpriseAuth(h)
            let first = try await auth.retrieveToken()
            h.remember(first)
            try await auth.revokeToken()
            #expect(try await auth.config.tokenStorage.get() == nil)
            #expect(try await h.statusWithRawToken(try #require(first.accessToken)) == 401)

            #expect(try await h.currentUserId(auth) == h.server.seed.serviceAccount.id)
            let second = try await auth.retrieveToken()
            h.remember(second)
            #expect(second.accessToken != first.accessToken)
            #expect(await h.server.requestLog.tokenRequestCount(grantType: "client_credentials") == 2)
        }
    }

    @Test func aThousandCallersOnAnExpiredTokenCauseExactlyOneTokenRequest() async throws {
        try await withAuthHarness { h in
            let expired = AccessToken(accessToken: "expired-token-value", expiresIn: -5)
            let auth = enterpriseAuth(h, storage: InMemoryTokenStorage(token: expired))
            let headers = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<1000 {
                    group.addTask { try await auth.retrieveAuthorizationHeader() }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            let token = try await auth.retrieveToken()
            h.remember(token)
            #expect(headers == ["Bearer \(token.accessToken ?? "")"])
            #expect(await h.server.requestLog.tokenRequestCount() == 1)
            #expect(try await h.currentUserId(auth) == h.server.seed.serviceAccount.id)
        }
    }

    @Test func aRequestCancelledWhileItsTokenIsFetchedEndsAtOnceAndTheOthersGetTheToken() async throws {
        try await withAuthHarness { h in
            let auth = enterpriseAuth(h)
            // The token request is held until the checks below are done.
            let gate = FaultGate()
            _ = await h.server.faults.inject(.hold(gate), method: "POST", path: .exact("/oauth2/token"))
            let log = h.server.requestLog
            let cancelled = Task { try await h.currentUserId(auth) }
            await log.waitUntil { $0.contains { $0.method == "POST" && $0.path == "/oauth2/token" } }
            let waiting = Task { try await h.currentUserId(auth) }
            cancelled.cancel()
            await #expect(throws: CancellationError.self) { try await cancelled.value }
            // The server still holds the token request; the cancelled call did not wait for it.
            let tokenRequests = await log.entries(method: "POST", path: .exact("/oauth2/token"))
            #expect(tokenRequests.count == 1)
            #expect(tokenRequests.first?.status == nil, "the token request had been answered already")
            gate.open()
            #expect(try await waiting.value == h.server.seed.serviceAccount.id)
            #expect(await h.server.requestLog.tokenRequestCount(grantType: "client_credentials") == 1)
            h.remember(try await auth.retrieveToken())
        }
    }

    @Test func aTokenIsReplacedBeforeItExpiresSoNoRequestIsRejected() async throws {
        try await withAuthHarness(configure: { $0.accessTokenLifetime = .seconds(3600) }) { h in
            // The SDK's clock is moved, not waited for: the server's token stays valid.
            let offset = ClockOffset()
            let session = h.session.with(clock: ExecutorClock(now: { Date().addingTimeInterval(offset.seconds) },
                                                              sleep: { try await Task.sleep(for: $0) }))
            let client = h.server.seed.ccgClient
            let auth = BoxCCGAuth(
                config: CCGConfig(clientId: client.id, clientSecret: client.secret ?? "", enterpriseId: h.server.seed.enterpriseId),
                networkSession: session, refreshMargin: 300, logger: h.authLogger)
            let first = try await auth.retrieveToken()
            h.remember(first)
            #expect(try await h.currentUserId(auth) == h.server.seed.serviceAccount.id)
            offset.seconds = 3600 - 240
            // Still valid for 4 minutes, but inside the 5-minute margin: replaced before use.
            #expect(try await BoxClient(auth: auth, networkSession: session).users.getUserMe().id == h.server.seed.serviceAccount.id)
            let second = try await auth.retrieveToken()
            h.remember(second)
            #expect(second.accessToken != first.accessToken)
            #expect(await h.server.requestLog.tokenRequestCount() == 2)
            #expect(await h.server.requestLog.all.allSatisfy { $0.status != 401 })
        }
    }

    @Test func aRejectedTokenIsRefreshedOnceAndTheRequestReplayed() async throws {
        try await withAuthHarness { h in
            let unknown = AccessToken(accessToken: "token-the-server-never-issued", expiresIn: 3600)
            let auth = enterpriseAuth(h, storage: InMemoryTokenStorage(token: unknown))
            let ids = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await h.currentUserId(auth) }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            h.remember(try await auth.retrieveToken())
            #expect(ids == [h.server.seed.serviceAccount.id])
            #expect(await h.server.requestLog.tokenRequestCount() == 1)
        }
    }

    @Test func everyNewTokenIsPublishedOnTokenUpdates() async throws {
        try await withAuthHarness { h in
            let auth = enterpriseAuth(h)
            let updates = auth.tokenUpdates
            let first = try await auth.retrieveToken()
            let second = try await auth.refreshToken()
            h.remember(first)
            h.remember(second)
            var iterator = updates.makeAsyncIterator()
            #expect(await iterator.next()?.accessToken == first.accessToken)
            #expect(await iterator.next()?.accessToken == second.accessToken)
            #expect(first.accessToken != second.accessToken)
        }
    }

    @Test func wrongClientCredentialsSurfaceTheOAuthError() async throws {
        try await withAuthHarness { h in
            let auth = BoxCCGAuth(
                config: CCGConfig(clientId: h.server.seed.ccgClient.id, clientSecret: "not-the-secret",
                                  enterpriseId: h.server.seed.enterpriseId),
                networkSession: h.session, logger: h.authLogger)
            h.remember("not-the-secret")
            let error = await #expect(throws: BoxAPIError.self) { try await auth.retrieveToken() }
            #expect(error?.code == "invalid_client")
            #expect(error.map { String(describing: $0).contains("not-the-secret") } == false)
        }
    }
}

/// How far a test's clock is ahead of the real one.
final class ClockOffset: Sendable {
    private let value = Mutex<TimeInterval>(0)
    var seconds: TimeInterval {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
