import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

@Suite("Credential store")
struct CredentialStoreTests {
    /// A store whose credentials authenticate with the server's CCG client, acting as `userId`.
    private func makeStore(server: BoxLikeServer, storage: some CredentialStorage, userId: String? = nil) throws -> CredentialStore {
        var session = NetworkSession(transport: server.testTransport, baseUrls: server.baseUrls)
        session.retryPolicy.maxAttempts = 1
        let client = server.seed.ccgClient
        return CredentialStore(storage: storage, networkSession: session,
                               authentication: .ccg(clientId: client.id, clientSecret: client.secret ?? "", userId: userId))
    }

    private func offlineStore(_ storage: some CredentialStorage = InMemoryTokenStorage()) -> CredentialStore {
        CredentialStore(storage: storage, authentication: .oauth(clientId: "app", clientSecret: "secret"))
    }

    private func token(_ name: String) -> AccessToken {
        // A fixed issue time, so two calls make equal tokens.
        AccessToken(accessToken: name, expiresIn: 3600, refreshToken: "refresh-\(name)",
                    issuedAt: Date(timeIntervalSince1970: 2_000_000_000))
    }

    /// A real token for `user`, from the server's CCG grant.
    private func serverToken(_ server: BoxLikeServer, user: BoxLikeSeed.User) async throws -> AccessToken {
        let client = server.seed.ccgClient
        let auth = BoxCCGAuth(
            config: CCGConfig(clientId: client.id, clientSecret: client.secret ?? "", userId: user.id),
            networkSession: NetworkSession(transport: server.testTransport, baseUrls: server.baseUrls))
        return try await auth.retrieveToken()
    }

    @Test func theFirstCredentialBecomesTheDefaultAndEveryChangeIsPublished() async throws {
        let store = offlineStore()
        let changes = await store.defaultCredentialChanges()
        let first = try await store.store(token: token("a"))
        let second = try await store.store(token: token("b"))
        #expect(try await store.defaultCredential === first)
        try await store.setDefault(second)
        try await store.setDefault(nil)
        try await store.setDefault(first)
        try await first.remove()
        var seen: [String?] = []
        for await change in changes {
            seen.append(change?.id)
            if seen.count == 5 { break }
        }
        #expect(seen == [first.id, second.id, nil, first.id, nil])
        #expect(try await store.defaultCredential == nil)
    }

    @Test func askingTwiceForAnIdGivesTheSameInstance() async throws {
        let store = offlineStore()
        let stored = try await store.store(token: token("a"), id: "alice")
        let first = try await store.credential(id: "alice")
        let second = try await store.credential(id: "alice")
        #expect(first === stored)
        #expect(second === stored)
        #expect(try await store.credential(id: "nobody") == nil)
    }

    @Test func credentialsTagsAndTheDefaultSurviveARestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-credentials-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = EncryptedFileTokenStorage.Key.generate()
        let before = offlineStore(try EncryptedFileTokenStorage(directory: directory, key: key, namespace: "app"))
        let alice = try await before.store(token: token("a"), tags: ["team": "sales"], id: "alice")
        let bob = try await before.store(token: token("b"), tags: ["team": "ops"], id: "bob")
        try await bob.setTags(["team": "ops", "role": "admin"])
        try await before.setDefault(bob)
        _ = alice

        let after = offlineStore(try EncryptedFileTokenStorage(directory: directory, key: key, namespace: "app"))
        #expect(try await after.allCredentials.map(\.id) == ["alice", "bob"])
        #expect(try await after.defaultCredential?.id == "bob")
        #expect(try await after.credential(id: "bob")?.tags == ["team": "ops", "role": "admin"])
        #expect(try await after.credential(id: "alice")?.token() == token("a"))
    }

    @Test func credentialsAreFoundByTags() async throws {
        let store = offlineStore()
        let alice = try await store.store(token: token("a"), tags: ["team": "sales", "region": "eu"])
        let bob = try await store.store(token: token("b"), tags: ["team": "sales", "region": "us"])
        _ = try await store.store(token: token("c"), tags: ["team": "ops"])
        #expect(try await store.find(tags: ["team": "sales"]).map(\.id) == [alice.id, bob.id])
        #expect(try await store.find(tags: ["team": "sales", "region": "us"]).map(\.id) == [bob.id])
        #expect(try await store.find { $0.tags["region"] == "eu" }.first === alice)
    }

    @Test func twoNamespacesSideBySideDoNotSeeEachOther() async throws {
        let vault = InMemoryTokenStorage.Vault()
        let work = offlineStore(InMemoryTokenStorage(vault: vault, namespace: "work"))
        let home = offlineStore(InMemoryTokenStorage(vault: vault, namespace: "home"))
        _ = try await work.store(token: token("w"), id: "me")
        _ = try await home.store(token: token("h"), id: "me")
        #expect(try await work.credential(id: "me")?.token()?.accessToken == "w")
        #expect(try await home.credential(id: "me")?.token()?.accessToken == "h")
        try await home.credential(id: "me")?.remove()
        #expect(try await work.allCredentials.count == 1)
        #expect(try await home.allCredentials.isEmpty)
    }

    @Test func signedInMeansAUsableAccessTokenOrARefreshToken() async throws {
        let store = offlineStore()
        let refreshable = try await store.store(token: AccessToken(accessToken: "x", expiresAt: .distantPast, refreshToken: "r"))
        let live = try await store.store(token: AccessToken(accessToken: "y", expiresIn: 3600))
        let dead = try await store.store(token: AccessToken(accessToken: "z", expiresAt: .distantPast))
        #expect(try await refreshable.isSignedIn)
        #expect(try await live.isSignedIn)
        #expect(try await !dead.isSignedIn)
    }

    @Test func signedInIsJudgedOnTheNetworkSessionsClock() async throws {
        // Two hours ahead of the wall clock: a token that lives an hour from now has expired there.
        let later = NetworkSession().with(clock: ExecutorClock(now: { Date().addingTimeInterval(7200) },
                                                               sleep: { try await Task.sleep(for: $0) }))
        let store = CredentialStore(storage: InMemoryTokenStorage(), networkSession: later,
                                    authentication: .oauth(clientId: "app", clientSecret: "secret"))
        let credential = try await store.store(token: AccessToken(accessToken: "y", expiresIn: 3600))
        #expect(try await !credential.isSignedIn)
    }

    @Test func userInfoComesFromTheServerOnceAndCredentialsAreFoundByIt() async throws {
        let server = try await BoxLikeServer.start()
        defer { Task { await server.stop() } }
        let admin = server.seed.adminUser
        let store = try makeStore(server: server, storage: InMemoryTokenStorage(), userId: admin.id)
        let credential = try await store.store(token: try await serverToken(server, user: admin))
        let info = try await credential.userInfo()
        #expect(info.id == admin.id)
        #expect(info.login == admin.login)
        let requests = await server.requestLog.entries(method: "GET").count
        #expect(try await credential.userInfo() == info)
        #expect(await server.requestLog.entries(method: "GET").count == requests)
        #expect(try await store.find { $0.userInfo?.login == admin.login }.first === credential)
        #expect(try await store.find { $0.userInfo?.id == "no-such-user" }.isEmpty)
    }

    @Test func refreshStoresTheNewTokenInTheCredentialsStorage() async throws {
        let server = try await BoxLikeServer.start()
        defer { Task { await server.stop() } }
        let admin = server.seed.adminUser
        let store = try makeStore(server: server, storage: InMemoryTokenStorage(), userId: admin.id)
        let credential = try await store.store(token: AccessToken(accessToken: "stale", expiresAt: .distantPast))
        let fresh = try await credential.refresh()
        #expect(fresh.accessToken != "stale")
        #expect(try await credential.token() == fresh)
    }

    @Test func logoutRevokesOnTheServerThenRemovesLocally() async throws {
        let server = try await BoxLikeServer.start()
        defer { Task { await server.stop() } }
        let admin = server.seed.adminUser
        let storage = InMemoryTokenStorage()
        let store = try makeStore(server: server, storage: storage, userId: admin.id)
        let credential = try await store.store(token: try await serverToken(server, user: admin))
        let result = try await credential.logout()
        #expect(result.revoked)
        #expect(await server.requestLog.entries(method: "POST").contains { $0.path == "/oauth2/revoke" })
        #expect(try await store.credential(id: credential.id) == nil)
        #expect(await storage.storage(forCredential: credential.id).get() == nil)
    }

    @Test func logoutWithTheServerDownStillRemovesLocallyAndReportsTheRevokeFailure() async throws {
        let server = try await BoxLikeServer.start()
        let admin = server.seed.adminUser
        let storage = InMemoryTokenStorage()
        let store = try makeStore(server: server, storage: storage, userId: admin.id)
        let credential = try await store.store(token: try await serverToken(server, user: admin))
        let changes = await store.defaultCredentialChanges()
        await server.stop()

        let result = try await credential.logout()
        #expect(!result.revoked)
        #expect(result.revokeError != nil)
        #expect(try await store.allCredentials.isEmpty)
        #expect(await storage.storage(forCredential: credential.id).get() == nil)
        var iterator = changes.makeAsyncIterator()
        // Signed out: the default is gone.
        let change = try #require(await iterator.next())
        #expect(change == nil)
    }
}
