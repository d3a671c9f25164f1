import BoxLikeSDK
import Foundation
import Testing

/// What every storage must guarantee (see `TokenStorage`), checked against each one.
@Suite("Token storage conformance")
struct TokenStorageConformanceTests {
    /// Counts refresh calls across tasks.
    actor Counter {
        private(set) var value = 0
        func increment() -> Int {
            value += 1
            return value
        }
    }

    static let freshToken = AccessToken(accessToken: "fresh", expiresIn: 3600, refreshToken: "rotated")
    static let expiredToken = AccessToken(accessToken: "old", expiresAt: Date().addingTimeInterval(-60), refreshToken: "r1")

    private func withStorage(_ kind: StorageKind, _ body: (any CredentialStorage) async throws -> Void) async throws {
        let (storage, cleanup) = try await kind.makeStorage()
        defer { cleanup() }
        try await body(storage)
    }

    @Test(arguments: StorageKind.allCases)
    func anEmptyStorageHasNoToken(kind: StorageKind) async throws {
        try await withStorage(kind) { (storage) async throws in
            #expect(try await storage.get() == nil)
            #expect(try await storage.storedCredentialIds() == [])
        }
    }

    @Test(arguments: StorageKind.allCases)
    func aStoredTokenReadsBackEqual(kind: StorageKind) async throws {
        try await withStorage(kind) { (storage) async throws in
            let token = AccessToken(accessToken: "a", expiresIn: 3600,
                                    restrictedTo: [.init(scope: "item_preview", objectType: "file", objectId: "1")],
                                    refreshToken: "r", scopes: ["root_readwrite"],
                                    issuedAt: Date(timeIntervalSince1970: 1_800_000_000.125))
            try await storage.store(token: token)
            #expect(try await storage.get() == token)
            try await storage.store(token: Self.freshToken)
            #expect(try await storage.get() == Self.freshToken)
            #expect(try await storage.storedCredentialIds() == [storage.credentialId])
        }
    }

    @Test(arguments: StorageKind.allCases)
    func clearRemovesTheToken(kind: StorageKind) async throws {
        try await withStorage(kind) { (storage) async throws in
            try await storage.clear()
            try await storage.store(token: Self.freshToken)
            try await storage.clear()
            #expect(try await storage.get() == nil)
        }
    }

    @Test(arguments: StorageKind.allCases)
    func aUsableTokenIsReturnedWithoutRefreshing(kind: StorageKind) async throws {
        try await withStorage(kind) { (storage) async throws in
            try await storage.store(token: Self.freshToken)
            let counter = Counter()
            let token = try await storage.refreshCoordinated(isUsable: { !$0.isExpired() }) { _ in
                _ = await counter.increment()
                return AccessToken(accessToken: "unexpected")
            }
            #expect(token == Self.freshToken)
            #expect(await counter.value == 0)
        }
    }

    @Test(arguments: StorageKind.allCases)
    func anExpiredTokenIsRefreshedWithTheCurrentTokenAndStored(kind: StorageKind) async throws {
        try await withStorage(kind) { (storage) async throws in
            try await storage.store(token: Self.expiredToken)
            let token = try await storage.refreshCoordinated(isUsable: { !$0.isExpired() }) { current in
                #expect(current?.refreshToken == "r1")
                return Self.freshToken
            }
            #expect(token == Self.freshToken)
            #expect(try await storage.get() == Self.freshToken)
        }
    }

    @Test(arguments: StorageKind.allCases)
    func aFailedRefreshLeavesTheStoredTokenAlone(kind: StorageKind) async throws {
        struct TokenEndpointDown: Error {}
        try await withStorage(kind) { (storage) async throws in
            try await storage.store(token: Self.expiredToken)
            await #expect(throws: TokenEndpointDown.self) {
                try await storage.refreshCoordinated(isUsable: { !$0.isExpired() }) { _ in throw TokenEndpointDown() }
            }
            #expect(try await storage.get() == Self.expiredToken)
        }
    }

    /// A refresh that waits, once entered, until the test lets it answer.
    final class HeldRefresh: Sendable {
        private let entered: AsyncStream<Void>
        private let enter: AsyncStream<Void>.Continuation
        private let released: AsyncStream<Void>
        private let release: AsyncStream<Void>.Continuation

        init() {
            (entered, enter) = AsyncStream.makeStream()
            (released, release) = AsyncStream.makeStream()
        }

        func answer(_ token: AccessToken) async -> AccessToken {
            enter.yield()
            for await _ in released { break }
            return token
        }

        func waitUntilEntered() async {
            for await _ in entered { break }
        }

        func letAnswer() {
            release.yield()
        }
    }

    /// Issues `change` while a refresh is on the wire, then lets the refresh answer.
    ///
    /// A storage that serialises writes behind its refresh lock holds `change` until the
    /// refresh is stored; one that does not must still let `change` win. The change is given
    /// a moment to land before the refresh answers, since a lock it waits on is not
    /// observable from here.
    private func whileARefreshIsOnTheWire(_ storage: any CredentialStorage,
                                          change: @escaping @Sendable () async throws -> Void) async throws {
        try await storage.store(token: Self.expiredToken)
        let held = HeldRefresh()
        let refreshing = Task {
            try await storage.refreshCoordinated(isUsable: { !$0.isExpired() }) { _ in
                await held.answer(Self.freshToken)
            }
        }
        await held.waitUntilEntered()
        // Whichever comes first: the change lands, or it had its moment and must be waiting.
        let (settled, settle) = AsyncStream<Void>.makeStream()
        let changing = Task {
            defer { settle.yield() }
            try await change()
        }
        let grace = Task {
            // Kept: a change that must wait gives no signal that it is waiting; the grace is
            // the moment it gets to (wrongly) land.
            try? await Task.sleep(for: .milliseconds(200))
            settle.yield()
        }
        for await _ in settled { break }
        grace.cancel()
        held.letAnswer()
        _ = try await refreshing.value
        try await changing.value
    }

    @Test(arguments: StorageKind.allCases)
    func aTokenClearedWhileARefreshIsOnTheWireStaysCleared(kind: StorageKind) async throws {
        try await withStorage(kind) { (storage) async throws in
            try await whileARefreshIsOnTheWire(storage) { try await storage.clear() }
            #expect(try await storage.get() == nil)
        }
    }

    @Test(arguments: StorageKind.allCases)
    func aTokenStoredWhileARefreshIsOnTheWireIsKept(kind: StorageKind) async throws {
        let signedInAgain = AccessToken(accessToken: "new-sign-in", expiresIn: 3600, refreshToken: "r-new")
        try await withStorage(kind) { (storage) async throws in
            try await whileARefreshIsOnTheWire(storage) { try await storage.store(token: signedInAgain) }
            #expect(try await storage.get() == signedInAgain)
        }
    }

    @Test(arguments: StorageKind.allCases)
    func manyTasksFindingAnExpiredTokenRefreshOnce(kind: StorageKind) async throws {
        try await withStorage(kind) { (storage) async throws in
            try await storage.store(token: Self.expiredToken)
            let counter = Counter()
            let tokens = try await withThrowingTaskGroup(of: AccessToken.self) { group in
                for _ in 0..<32 {
                    group.addTask {
                        try await storage.refreshCoordinated(isUsable: { !$0.isExpired() }) { _ in
                            let n = await counter.increment()
                            // Kept: the token endpoint's latency, so the other tasks arrive
                            // while this refresh is on the wire.
                            try await Task.sleep(for: .milliseconds(20))
                            return AccessToken(accessToken: "fresh-\(n)", expiresIn: 3600)
                        }
                    }
                }
                return try await group.reduce(into: [AccessToken]()) { $0.append($1) }
            }
            #expect(await counter.value == 1)
            #expect(Set(tokens.map(\.accessToken)) == ["fresh-1"])
        }
    }

    @Test(arguments: StorageKind.allCases)
    func concurrentWritesAndReadsNeverSeeAPartialToken(kind: StorageKind) async throws {
        try await withStorage(kind) { (storage) async throws in
            let written = (0..<24).map { AccessToken(accessToken: "t\($0)", expiresIn: Int64($0), refreshToken: "r\($0)") }
            try await withThrowingTaskGroup(of: AccessToken?.self) { group in
                for token in written {
                    group.addTask {
                        try await storage.store(token: token)
                        return try await storage.get()
                    }
                }
                for try await read in group {
                    let read = try #require(read)
                    #expect(written.contains(read))
                }
            }
            #expect(try written.contains(#require(await storage.get())))
        }
    }

    @Test(arguments: StorageKind.allCases)
    func namespacesAndCredentialsAreIsolated(kind: StorageKind) async throws {
        let namespace = "side-\(UUID().uuidString.prefix(8).lowercased())"
        let (work, cleanupWork) = try await kind.makeStorage(namespace: namespace + "-work")
        defer { cleanupWork() }
        // Memory storages share state only through one vault; file storages through one directory.
        let home: any CredentialStorage
        switch work {
        case let memory as InMemoryTokenStorage:
            home = InMemoryTokenStorage(vault: memory.vault, namespace: namespace + "-home")
        case let file as EncryptedFileTokenStorage:
            home = try file.storage(forNamespace: namespace + "-home")
        default:
            home = try await kind.makeStorage(namespace: namespace + "-home").storage
        }
        let alice = try work.storage(forCredential: "alice")
        try await work.store(token: AccessToken(accessToken: "work-default"))
        try await alice.store(token: AccessToken(accessToken: "work-alice"))
        try await home.store(token: AccessToken(accessToken: "home-default"))
        #expect(try await work.get()?.accessToken == "work-default")
        #expect(try await alice.get()?.accessToken == "work-alice")
        #expect(try await home.get()?.accessToken == "home-default")
        #expect(try await work.storedCredentialIds() == ["alice", "default"])
        #expect(try await home.storedCredentialIds() == ["default"])
        try await home.clear()
        #expect(try await work.get()?.accessToken == "work-default")
    }

    @Test(arguments: StorageKind.allCases)
    func catalogUpdatesFromManyTasksAreNotLost(kind: StorageKind) async throws {
        try await withStorage(kind) { (storage) async throws in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        try await storage.updateCatalog { data in
                            let count = data.flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0
                            return Data(String(count + 1).utf8)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let catalog = try #require(try await storage.loadCatalog())
            #expect(String(decoding: catalog, as: UTF8.self) == "20")
            try await storage.updateCatalog { _ in nil }
            #expect(try await storage.loadCatalog() == nil)
        }
    }
}
