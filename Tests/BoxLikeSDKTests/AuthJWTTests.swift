import BoxLikeSDK
import BoxLikeServer
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

/// `BoxJWTAuth` against the Box-style server.
@Suite struct AuthJWTTests {
    static let jwtBearer = "urn:ietf:params:oauth:grant-type:jwt-bearer"

    @Test func anEnterpriseTokenFromTheServersAppSettingsActsAsTheServiceAccount() async throws {
        try await withAuthHarness { h in
            let auth = h.jwtAuth(try h.serverJWTConfig())
            #expect(try await h.currentUserId(auth) == h.server.seed.serviceAccount.id)
            #expect(try await h.currentUserId(auth) == h.server.seed.serviceAccount.id)
            h.remember(try await auth.retrieveToken())

            let requests = await h.jwtTokenRequests()
            #expect(requests.count == 1)
            let claims = try #require(requests.first?.assertionClaims)
            #expect(claims["iss"] == h.server.seed.jwtClient.id)
            #expect(claims["sub"] == h.server.seed.enterpriseId)
            #expect(claims["box_sub_type"] == "enterprise")
            #expect(claims["aud"] == h.server.tokenURL)
            #expect(claims["header.kid"] == h.server.seed.jwtKeyId)
            #expect(claims["header.alg"] == "RS256")
            #expect(claims["header.typ"] == "JWT")
            #expect((claims["jti"]?.count ?? 0) >= 22, "at least 128 bits in base64url")
            let expiry = try #require(claims["exp"].flatMap(Double.init))
            let sentAt = try #require(requests.first?.date).timeIntervalSince1970
            #expect(expiry > sentAt && expiry <= sentAt + 60)
            #expect(requests.first?.formParameters["assertion"] == "***")
        }
    }

    @Test func aUserTokenActsAsThatUser() async throws {
        try await withAuthHarness { h in
            let appUser = h.server.seed.appUsers[0]
            let auth = h.jwtAuth(try h.serverJWTConfig(userId: appUser.id))
            #expect(try await h.currentUserId(auth) == appUser.id)
            #expect(try await h.fileStatus(appUser.fileId, auth: auth) == 200)
            h.remember(try await auth.retrieveToken())
            let claims = await h.jwtTokenRequests().first?.assertionClaims
            #expect(claims?["box_sub_type"] == "user")
            #expect(claims?["sub"] == appUser.id)
        }
    }

    @Test func switchingSubjectsGivesEachItsOwnTokenWhileTheOriginalKeepsWorking() async throws {
        try await withAuthHarness { h in
            let auth = h.jwtAuth(try h.serverJWTConfig())
            #expect(try await h.currentUserId(auth) == h.server.seed.serviceAccount.id)
            let appUser = h.server.seed.appUsers[0]
            let otherUser = h.server.seed.appUsers[1]
            let asUser = auth.withUserSubject(userId: appUser.id)
            #expect(try await asUser.config.tokenStorage.get() == nil)
            #expect(try await h.currentUserId(asUser) == appUser.id)
            #expect(try await h.fileStatus(otherUser.fileId, auth: asUser) == 404)

            let back = asUser.withEnterpriseSubject(enterpriseId: h.server.seed.enterpriseId)
            #expect(try await h.currentUserId(back) == h.server.seed.serviceAccount.id)
            #expect(try await h.currentUserId(auth) == h.server.seed.serviceAccount.id)
            for token in [try await auth.retrieveToken(), try await asUser.retrieveToken(), try await back.retrieveToken()] {
                h.remember(token)
            }
            let subjects = await h.jwtTokenRequests().map { "\($0.assertionClaims["box_sub_type"] ?? "")/\($0.assertionClaims["sub"] ?? "")" }
            #expect(subjects == ["enterprise/\(h.server.seed.enterpriseId)", "user/\(appUser.id)",
                                 "enterprise/\(h.server.seed.enterpriseId)"])
        }
    }

    @Test func aThousandConcurrentCallersCauseExactlyOneTokenRequest() async throws {
        try await withAuthHarness { h in
            let auth = h.jwtAuth(try h.serverJWTConfig())
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
        }
    }

    @Test func aTokenRequestRefusedWith429IsRetriedWithANewJTI() async throws {
        try await withAuthHarness { h in
            await h.server.faults.inject(.status(429, retryAfter: .seconds(0)), method: "POST",
                                         path: .exact("/oauth2/token"), count: 2)
            let auth = h.jwtAuth(try h.serverJWTConfig())
            #expect(try await h.currentUserId(auth) == h.server.seed.serviceAccount.id)
            h.remember(try await auth.retrieveToken())

            let requests = await h.jwtTokenRequests()
            #expect(requests.map(\.status) == [429, 429, 200])
            let jtis = requests.compactMap { $0.assertionClaims["jti"] }
            #expect(jtis.count == 3)
            #expect(Set(jtis).count == 3, "every attempt carries its own jti")
        }
    }

    @Test func aReplayedAssertionIsRejectedAsInvalidGrant() async throws {
        // Both clocks stand still, so however long a loaded machine takes between the exchange
        // and the replay, the assertion's `exp` is still ahead: only its `jti` can refuse it.
        let frozen = Date()
        try await withAuthHarness(configure: { $0.clock = ServerClock(now: { frozen }) }) { h in
            let recorder = TokenRequestRecorder(base: h.server.testTransport)
            let session = h.server.networkSession(transport: recorder, logger: h.capture.logger(label: "boxlike.network"))
                .with(clock: ExecutorClock(now: { frozen }, sleep: { try await Task.sleep(for: $0) }))
            let auth = h.jwtAuth(try h.serverJWTConfig(), session: session)
            h.remember(try await auth.retrieveToken())
            let sent = try #require(recorder.tokenRequestBodies.first)

            var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/oauth2/token")
            request.headerFields[.contentType] = "application/x-www-form-urlencoded"
            let (response, body) = try await (h.server.testTransport ?? DefaultTransport.shared).send(
                request, body: HTTPBody(sent), baseURL: h.server.originURL, operationID: "replay")
            let answer = String(decoding: try await [UInt8](collecting: body ?? HTTPBody(), upTo: 1 << 16), as: UTF8.self)
            #expect(response.status.code == 400)
            #expect(answer.contains("invalid_grant"))
            #expect(answer.contains("'jti'"))
            #expect(await h.jwtTokenRequests().map(\.status) == [200, 400])
        }
    }

    @Test(arguments: [-600.0, 600.0])
    func aClockTenMinutesOffStillAuthenticatesByTheServersDate(skew: TimeInterval) async throws {
        try await withAuthHarness { h in
            let skewed = h.session.with(clock: ExecutorClock(now: { Date().addingTimeInterval(skew) },
                                                             sleep: { try await Task.sleep(for: $0) }))
            let auth = h.jwtAuth(try h.serverJWTConfig(), session: skewed)
            h.remember(try await auth.retrieveToken())
            #expect(try await h.currentUserId(auth) == h.server.seed.serviceAccount.id)

            let requests = await h.jwtTokenRequests()
            #expect(requests.map(\.status) == [400, 200])
            let corrected = try #require(requests.last)
            let expiry = try #require(corrected.assertionClaims["exp"].flatMap(Double.init))
            #expect(abs(expiry - corrected.date.timeIntervalSince1970) <= 60, "signed with the server's time")
            #expect(Set(requests.compactMap { $0.assertionClaims["jti"] }).count == 2)
        }
    }

    @Test func theCorrectedClockIsKeptForTheNextToken() async throws {
        try await withAuthHarness { h in
            let skewed = h.session.with(clock: ExecutorClock(now: { Date().addingTimeInterval(-600) },
                                                             sleep: { try await Task.sleep(for: $0) }))
            let auth = h.jwtAuth(try h.serverJWTConfig(), session: skewed)
            h.remember(try await auth.retrieveToken())
            h.remember(try await auth.refreshToken())
            #expect(await h.jwtTokenRequests().map(\.status) == [400, 200, 200])
        }
    }

    @Test(arguments: [
        "rsa2048-encrypted-aes256-sha256", "rsa2048-encrypted-aes128-sha1", "rsa2048-encrypted-aes192-sha256",
        "rsa2048-pkcs8", "rsa2048-pkcs1",
    ])
    func aKeyMadeByOpenSSLAuthenticates(fixture: String) async throws {
        try await withAuthHarness(configure: JWTFixtures.registerKeys) { h in
            let auth = h.jwtAuth(try h.fixtureJWTConfig(fixture))
            #expect(try await h.currentUserId(auth) == h.server.seed.serviceAccount.id)
            h.remember(try await auth.retrieveToken())
            #expect(await h.jwtTokenRequests().first?.assertionClaims["header.kid"] == JWTFixtures.keyId2048)
        }
    }

    @Test(arguments: JWTAlgorithm.allCases)
    func aFourThousandBitKeySignsWithEachAlgorithm(algorithm: JWTAlgorithm) async throws {
        try await withAuthHarness(configure: JWTFixtures.registerKeys) { h in
            let auth = h.jwtAuth(try h.fixtureJWTConfig("rsa4096-encrypted", keyId: JWTFixtures.keyId4096,
                                                        algorithm: algorithm))
            #expect(try await h.currentUserId(auth) == h.server.seed.serviceAccount.id)
            h.remember(try await auth.retrieveToken())
            #expect(await h.jwtTokenRequests().first?.assertionClaims["header.alg"] == algorithm.rawValue)
        }
    }

    @Test func anAssertionSignedWithAnUnregisteredKeySurfacesTheServersInvalidGrant() async throws {
        try await withAuthHarness { h in
            // The fixture key is not registered in this server: its signature cannot verify.
            var config = try h.fixtureJWTConfig("rsa2048-pkcs8")
            config.jwtKeyId = h.server.seed.jwtKeyId
            let auth = h.jwtAuth(config)
            let error = await #expect(throws: BoxAPIError.self) { try await auth.retrieveToken() }
            #expect(error?.status == 400)
            #expect(error?.code == "invalid_grant")
            #expect(error?.message?.contains("Signature verification") == true)
            #expect(await h.jwtTokenRequests().count == 1, "a refused assertion is not retried")
        }
    }

    @Test func anUnknownSubjectSurfacesTheServersMessage() async throws {
        try await withAuthHarness { h in
            let auth = h.jwtAuth(try h.serverJWTConfig(userId: "999999999"))
            let error = await #expect(throws: BoxAPIError.self) { try await auth.retrieveToken() }
            #expect(error?.code == "invalid_grant")
            #expect(error?.message?.contains("'sub'") == true)
        }
    }

    @Test func aKeyThatCannotSignFailsEveryCallWithItsTypedErrorAndSendsNothing() async throws {
        try await withAuthHarness { h in
            var config = try h.fixtureJWTConfig("rsa2048-encrypted-aes256-sha256")
            config.privateKeyPassphrase = "not-the-passphrase"
            h.remember("not-the-passphrase")
            let auth = h.jwtAuth(config)
            let error = await #expect(throws: JWTConfigError.self) { try await auth.retrieveToken() }
            #expect(error?.kind == .wrongPassphrase)
            let again = await #expect(throws: JWTConfigError.self) { _ = try await h.currentUserId(auth) }
            #expect(again?.kind == .wrongPassphrase)
            #expect(await h.server.requestLog.tokenRequestCount() == 0)
            // Something must be logged for the no-secrets check to mean anything.
            h.remember(try await h.jwtAuth(try h.serverJWTConfig()).retrieveToken())
        }
    }

    @Test func revokingForgetsTheTokenAndTheNextCallSignsANewAssertion() async throws {
        try await withAuthHarness { h in
            let auth = h.jwtAuth(try h.serverJWTConfig())
            let first = try await auth.retrieveToken()
            h.remember(first)
            try await auth.revokeToken()
            #expect(try await h.statusWithRawToken(try #require(first.accessToken)) == 401)
            let second = try await auth.retrieveToken()
            h.remember(second)
            #expect(second.accessToken != first.accessToken)
            #expect(await h.jwtTokenRequests().count == 2)
        }
    }

    @Test func aJWTTokenCanBeDownscoped() async throws {
        try await withAuthHarness { h in
            let auth = h.jwtAuth(try h.serverJWTConfig())
            let token = try await auth.downscopeToken(scopes: ["item_preview"], resource: nil, sharedLink: nil)
            h.remember(token)
            h.remember(try await auth.retrieveToken())
            #expect(token.scopes == ["item_preview"])
            #expect(try await h.statusWithRawToken(try #require(token.accessToken)) == 200)
        }
    }
}
