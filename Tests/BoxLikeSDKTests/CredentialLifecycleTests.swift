import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Refresh on demand, lifecycle events on auths and stores, and migration between storages.
@Suite("Credential lifecycle", .timeLimit(.minutes(10)))
struct CredentialLifecycleTests {
    private func session(_ server: BoxLikeServer) throws -> NetworkSession {
        var session = NetworkSession(transport: server.testTransport, baseUrls: server.baseUrls)
        session.retryPolicy.maxAttempts = 1
        return session
    }

    /// A store whose credentials authenticate with the server's CCG client as the admin.
    private func ccgStore(_ server: BoxLikeServer, storage: some CredentialStorage = InMemoryTokenStorage()) throws -> CredentialStore {
        let client = server.seed.ccgClient
        return CredentialStore(storage: storage, networkSession: try session(server),
                               authentication: .ccg(clientId: client.id, clientSecret: client.secret ?? "",
                                                    userId: server.seed.adminUser.id))
    }

    /// A store whose credentials are OAuth users of the server's OAuth client (the README's default).
    private func oauthStore(_ server: BoxLikeServer) throws -> CredentialStore {
        let client = server.seed.oauthClient
        return CredentialStore(storage: InMemoryTokenStorage(), networkSession: try session(server),
                               authentication: .oauth(clientId: client.id, clientSecret: client.secret ?? ""))
    }

    /// The first `count` events of `stream`.
    private func first(_ count: Int, of stream: AsyncStream<CredentialEvent>) async -> [CredentialEvent] {
        var events: [CredentialEvent] = []
        for await event in stream {
            events.append(event)
            if events.count == count { break }
        }
        return events
    }

    private func tokenRequests(_ server: BoxLikeServer) async -> Int {
        await server.requestLog.entries(method: "POST", path: .exact("/oauth2/token")).count
    }

    @Test func refreshIfNeededKeepsAUsableTokenAndRefreshesAnExpiredOne() async throws {
        try await withServer { server in
            let store = try ccgStore(server)
            let usable = AccessToken(accessToken: "still-good", expiresIn: 3600)
            let credential = try await store.store(token: usable)
            #expect(try await credential.refreshIfNeeded() == usable)
            #expect(await tokenRequests(server) == 0)

            let events = store.events()
            let expired = try await store.store(token: AccessToken(accessToken: "stale", expiresAt: .distantPast), id: "expired")
            let fresh = try await expired.refreshIfNeeded()
            #expect(fresh.accessToken != "stale")
            #expect(try await expired.token() == fresh)
            #expect(await tokenRequests(server) == 1)
            let seen = await first(1, of: events)
            guard case .refreshSucceeded(let id) = seen.first else {
                Issue.record("expected refreshSucceeded, got \(seen)")
                return
            }
            #expect(id == "expired")
        }
    }

    @Test func aRefusedGrantIsReportedWithTheServersErrorAndMarksTheCredential() async throws {
        try await withServer { server in
            let store = try oauthStore(server)
            let events = store.events()
            let credential = try await store.store(
                token: AccessToken(accessToken: "old", expiresAt: .distantPast, refreshToken: "never-issued"), id: "alice")
            let error = await #expect(throws: BoxSDKError.self) { try await credential.refreshIfNeeded() }
            #expect(error?.kind == .signInRequired)

            let seen = await first(2, of: events)  // defaultChanged(alice), then the failure
            guard case .refreshFailed(let id, let failure, let signInRequired) = seen.last else {
                Issue.record("expected refreshFailed, got \(seen)")
                return
            }
            #expect(id == "alice")
            #expect(signInRequired)
            #expect((failure as? BoxAPIError)?.code == "invalid_grant")
            #expect(try await store.record(id: "alice")?.needsSignIn == true)

            // Storing a new token clears the mark.
            _ = try await store.store(token: AccessToken(accessToken: "new", expiresIn: 3600), id: "alice")
            #expect(try await store.record(id: "alice")?.needsSignIn == false)
        }
    }

    @Test func revocationRemovalAndDefaultChangesAreEvents() async throws {
        try await withServer { server in
            let store = try ccgStore(server)
            let events = store.events()
            let credential = try await store.store(token: AccessToken(accessToken: "stale", expiresAt: .distantPast), id: "bob")
            _ = try await credential.refreshIfNeeded()
            try await credential.revoke()
            try await credential.remove()
            // Refresh and revocation events arrive from the credential's authentication, so
            // they may interleave with the store's own; each arrives once.
            let seen = await first(5, of: events).map(\.description)
            #expect(seen.sorted() == ["defaultChanged(bob)", "defaultChanged(nil)", "refreshSucceeded(bob)", "removed(bob)",
                                      "revoked(bob)"])
            #expect(await server.requestLog.entries(method: "POST", path: .exact("/oauth2/revoke")).count == 1)
        }
    }

    @Test func revokingAnOAuthCredentialIsAnEventOfTheStore() async throws {
        try await withServer { server in
            let store = try oauthStore(server)
            let events = store.events()
            let credential = try await store.store(
                token: AccessToken(accessToken: "signed-in", expiresIn: 3600, refreshToken: "its-refresh-token"),
                id: "carol")
            try await credential.revoke()
            // Store changes and the authentication's events may interleave; each arrives once.
            let seen = await first(2, of: events).map(\.description)
            #expect(seen.sorted() == ["defaultChanged(carol)", "revoked(carol)"])
            #expect(await server.requestLog.entries(method: "POST", path: .exact("/oauth2/revoke")).count == 2,
                    "the refresh token, then the access token")
            #expect(try await credential.token() == nil)
        }
    }

    @Test func authenticationsReportTheirOwnEvents() async throws {
        try await withServer { server in
            let client = server.seed.ccgClient
            let auth = BoxCCGAuth(config: CCGConfig(clientId: client.id, clientSecret: "wrong-secret",
                                                    enterpriseId: server.seed.enterpriseId),
                                  networkSession: try session(server))
            let events = auth.authenticationEvents
            _ = await #expect(throws: BoxAPIError.self) { try await auth.retrieveToken() }
            var iterator = events.makeAsyncIterator()
            guard case .refreshFailed(let error, let signInRequired) = await iterator.next() else {
                Issue.record("expected refreshFailed")
                return
            }
            #expect(!signInRequired)
            #expect((error as? BoxAPIError)?.status == 400 || (error as? BoxAPIError)?.status == 401)
        }
    }

    @Test func migrationCopiesEveryCredentialWithItsTagsAndTheDefaultAndLeavesTheSourceAlone() async throws {
        let directory = try StorageTestDirectory()
        defer { directory.remove() }
        let source = CredentialStore(storage: InMemoryTokenStorage(namespace: "app"),
                                     authentication: .oauth(clientId: "app", clientSecret: "secret"))
        let alice = AccessToken(accessToken: "a", expiresIn: 3600, refreshToken: "ra", issuedAt: Date(timeIntervalSince1970: 2_000_000_000))
        let bob = AccessToken(accessToken: "b", expiresIn: 3600, refreshToken: "rb", issuedAt: Date(timeIntervalSince1970: 2_000_000_000))
        _ = try await source.store(token: alice, tags: ["team": "sales"], id: "alice")
        let bobCredential = try await source.store(token: bob, tags: ["team": "ops", "role": "admin"], id: "bob")
        try await source.setDefault(bobCredential)

        let key = EncryptedFileTokenStorage.Key.generate()
        let file = try EncryptedFileTokenStorage(directory: directory.url, key: key, namespace: "app")
        #expect(try await source.migrate(to: file) == ["alice", "bob"])
        // Running it again (as after an interruption) changes nothing.
        #expect(try await source.migrate(to: file) == ["alice", "bob"])

        let migrated = CredentialStore(storage: try EncryptedFileTokenStorage(directory: directory.url, key: key, namespace: "app"),
                                       authentication: .oauth(clientId: "app", clientSecret: "secret"))
        #expect(try await migrated.allCredentials.map(\.id) == ["alice", "bob"])
        #expect(try await migrated.defaultCredential?.id == "bob")
        #expect(try await migrated.credential(id: "alice")?.tags == ["team": "sales"])
        #expect(try await migrated.credential(id: "bob")?.tags == ["team": "ops", "role": "admin"])
        #expect(try await migrated.credential(id: "alice")?.token() == alice)
        #expect(try await migrated.credential(id: "bob")?.token() == bob)

        #expect(try await source.allCredentials.map(\.id) == ["alice", "bob"])
        #expect(try await source.credential(id: "alice")?.token() == alice)
        #expect(try await source.defaultCredential?.id == "bob")
    }
}
