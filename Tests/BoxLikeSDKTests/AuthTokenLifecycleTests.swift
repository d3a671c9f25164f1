import Foundation
import Logging
import Synchronization
import Testing
@testable import BoxLikeSDK

/// The shared token lifecycle, driven with a counting fake token endpoint.
@Suite struct AuthTokenLifecycleTests {
    /// Counts fetches and hands out `token-1`, `token-2`... (or fails while told to).
    final class FakeEndpoint: Sendable {
        private let state = Mutex((count: 0, failing: false))
        /// Fetches that have run to their end (succeeded or failed).
        let finishedFetches = AwaitableCounter()
        /// Fetches that have started.
        let startedFetches = AwaitableCounter()
        let lifetime: Int64
        /// How long a fetch takes: a token endpoint's latency, so that concurrent callers
        /// arrive while a fetch is on the wire.
        let delay: Duration
        /// When set, fetches wait for it to open instead of taking `delay`.
        let gate: Gate?

        init(lifetime: Int64 = 3600, delay: Duration = .milliseconds(50), gate: Gate? = nil) {
            self.lifetime = lifetime
            self.delay = delay
            self.gate = gate
        }

        var count: Int { state.withLock { $0.count } }
        /// Fetches that have run to their end (succeeded or failed).
        var finished: Int { finishedFetches.value }

        func setFailing(_ failing: Bool) { state.withLock { $0.failing = failing } }

        func fetch(_ current: AccessToken?) async throws -> AccessToken {
            let (number, failing) = state.withLock { state -> (Int, Bool) in
                state.count += 1
                return (state.count, state.failing)
            }
            startedFetches.increment()
            defer { finishedFetches.increment() }
            // Kept: the simulated latency of a token endpoint, not a wait for a condition.
            if let gate { await gate.wait() } else { try await Task.sleep(for: delay) }
            if failing { throw BoxSDKError(.other, "token endpoint down") }
            return AccessToken(accessToken: "token-\(number)", expiresIn: lifetime, refreshToken: "refresh-\(number)")
        }
    }

    /// Holds fetches until opened.
    final class Gate: Sendable {
        private let state = Mutex((open: false, waiters: [CheckedContinuation<Void, Never>]()))

        func wait() async {
            await withCheckedContinuation { continuation in
                let openAlready = state.withLock { state -> Bool in
                    if !state.open { state.waiters.append(continuation) }
                    return state.open
                }
                if openAlready { continuation.resume() }
            }
        }

        func open() {
            let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.open = true
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    func lifecycle(_ endpoint: FakeEndpoint, stored: AccessToken? = nil, margin: TimeInterval = 60) -> TokenLifecycle {
        TokenLifecycle(storage: InMemoryTokenStorage(token: stored), refreshMargin: margin,
                       logger: Self.quiet, strategy: "test",
                       revocation: Self.revocation) { current, _ in
            try await endpoint.fetch(current)
        }
    }

    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    /// These lifecycles are never revoked; the rule is the OAuth one.
    static let revocation = TokenRevocation.grant { AppCredentials(clientId: "app", clientSecret: "secret") }

    static let expired = AccessToken(accessToken: "old", expiresIn: -10, refreshToken: "refresh-old")

    @Test func manyCallersOnAnExpiredTokenCauseOneFetchAndAllGetTheNewToken() async throws {
        let endpoint = FakeEndpoint()
        let auth = lifecycle(endpoint, stored: Self.expired)
        let tokens = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<1000 {
                group.addTask { try await auth.validToken(networkSession: NetworkSession()).accessToken }
            }
            return try await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(endpoint.count == 1)
        #expect(Set(tokens) == ["token-1"])
        #expect(try await auth.storedToken()?.accessToken == "token-1")
    }

    @Test(.timeLimit(.minutes(10)))
    func aCancelledCallerStopsWaitingWhileTheSharedRefreshCarriesOnForTheOthers() async throws {
        let gate = Gate()
        let endpoint = FakeEndpoint(gate: gate)
        let auth = lifecycle(endpoint, stored: Self.expired)
        // The first caller starts the refresh (held at the gate); the second joins it.
        let first = Task { try await auth.validToken(networkSession: NetworkSession()).accessToken }
        await endpoint.startedFetches.wait(untilAtLeast: 1)
        let second = Task { try await auth.validToken(networkSession: NetworkSession()).accessToken }
        first.cancel()
        // A cancelled caller that kept waiting would hang here until the test's time limit.
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(endpoint.finished == 0, "the cancelled caller returned while the refresh was still held")
        gate.open()
        #expect(try await second.value == "token-1")
        #expect(endpoint.count == 1)
        #expect(try await auth.storedToken()?.accessToken == "token-1")
    }

    @Test func aTokenClearedWhileARefreshWasOnTheWireStaysCleared() async throws {
        let gate = Gate()
        let endpoint = FakeEndpoint(gate: gate)
        let storage = InMemoryTokenStorage(token: Self.expired)
        let auth = TokenLifecycle(storage: storage, refreshMargin: 60, logger: Logger(label: "test"),
                                  strategy: "test",
                                  revocation: Self.revocation) { current, _ in try await endpoint.fetch(current) }
        let refresh = Task { try await auth.validToken(networkSession: NetworkSession()).accessToken }
        await endpoint.startedFetches.wait(untilAtLeast: 1)
        await storage.clear()   // a logout while the token request is held
        gate.open()
        #expect(try await refresh.value == "token-1", "the caller that asked still gets its token")
        #expect(await storage.get() == nil, "the refresh did not bring the cleared token back")
    }

    @Test func whenEveryCallerWasCancelledTheNextOneDoesNotInheritTheFailedRefresh() async throws {
        let gate = Gate()
        let endpoint = FakeEndpoint(gate: gate)
        endpoint.setFailing(true)
        let auth = lifecycle(endpoint, stored: Self.expired)
        let only = Task { try await auth.validToken(networkSession: NetworkSession()).accessToken }
        await endpoint.startedFetches.wait(untilAtLeast: 1)
        only.cancel()
        await #expect(throws: CancellationError.self) { try await only.value }
        gate.open()
        await endpoint.finishedFetches.wait(untilAtLeast: 1)
        endpoint.setFailing(false)
        #expect(try await auth.validToken(networkSession: NetworkSession()).accessToken == "token-2")
        #expect(endpoint.count == 2)
    }

    @Test func aFailedRefreshReachesEveryWaiterAndTheNextCallTriesAgain() async throws {
        let endpoint = FakeEndpoint()
        endpoint.setFailing(true)
        let auth = lifecycle(endpoint, stored: Self.expired)
        let failures = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    do {
                        _ = try await auth.validToken(networkSession: NetworkSession())
                        return false
                    } catch {
                        return true
                    }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(failures == 50)
        #expect(endpoint.count == 1)

        endpoint.setFailing(false)
        let token = try await auth.validToken(networkSession: NetworkSession())
        #expect(token.accessToken == "token-2")
        #expect(endpoint.count == 2)
    }

    @Test func aTokenExpiringWithinTheMarginIsRefreshedBeforeUse() async throws {
        let endpoint = FakeEndpoint()
        // An hour-long token with 30 s left: inside the 60 s margin.
        let soon = AccessToken(accessToken: "soon", expiresIn: 3600, expiresAt: Date().addingTimeInterval(30))
        let auth = lifecycle(endpoint, stored: soon, margin: 60)
        #expect(try await auth.validToken(networkSession: NetworkSession()).accessToken == "token-1")

        let fine = lifecycle(endpoint, stored: AccessToken(accessToken: "fine", expiresIn: 3600), margin: 60)
        #expect(try await fine.validToken(networkSession: NetworkSession()).accessToken == "fine")
        #expect(endpoint.count == 1)
    }

    @Test func theMarginIsAtMostHalfTheTokensLifetime() async throws {
        let endpoint = FakeEndpoint()
        let short = lifecycle(endpoint, stored: AccessToken(accessToken: "short", expiresIn: 30), margin: 60)
        #expect(try await short.validToken(networkSession: NetworkSession()).accessToken == "short")
        let halfGone = AccessToken(accessToken: "half", expiresIn: 30, expiresAt: Date().addingTimeInterval(14))
        let late = lifecycle(endpoint, stored: halfGone, margin: 60)
        #expect(try await late.validToken(networkSession: NetworkSession()).accessToken == "token-1")
        #expect(endpoint.count == 1)
    }

    @Test func callersRejectedWithTheSameTokenShareOneRefreshAndLateOnesGetTheReplacement() async throws {
        let endpoint = FakeEndpoint()
        let auth = lifecycle(endpoint, stored: AccessToken(accessToken: "rejected", expiresIn: 3600))
        let tokens = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    try await auth.token(afterRejecting: "rejected", networkSession: NetworkSession())?.accessToken
                }
            }
            return try await group.reduce(into: Set<String?>()) { $0.insert($1) }
        }
        #expect(tokens == ["token-1"])
        let late = try await auth.token(afterRejecting: "rejected", networkSession: NetworkSession())
        #expect(late?.accessToken == "token-1")
        #expect(endpoint.count == 1)
    }

    @Test func aForcedRefreshAlwaysFetchesAndPassesTheCurrentRefreshToken() async throws {
        let seen = Mutex<[String?]>([])
        let auth = TokenLifecycle(storage: InMemoryTokenStorage(token: AccessToken(accessToken: "a", expiresIn: 3600, refreshToken: "r0")),
                                  refreshMargin: 60, logger: Self.quiet, strategy: "test",
                                  revocation: Self.revocation) { current, _ in
            let number = seen.withLock { list in
                list.append(current?.refreshToken)
                return list.count
            }
            return AccessToken(accessToken: "t\(number)", expiresIn: 3600, refreshToken: "r\(number)")
        }
        _ = try await auth.forcedRefresh(networkSession: NetworkSession())
        _ = try await auth.forcedRefresh(networkSession: NetworkSession())
        #expect(seen.withLock { $0 } == ["r0", "r1"])
        #expect(try await auth.storedToken()?.refreshToken == "r2")
    }

    @Test func everyNewTokenIsPublishedToEverySubscriber() async throws {
        let endpoint = FakeEndpoint(delay: .zero)
        let auth = lifecycle(endpoint)
        let first = auth.updates.subscribe()
        let second = auth.updates.subscribe()
        _ = try await auth.forcedRefresh(networkSession: NetworkSession())
        try await auth.install(AccessToken(accessToken: "installed"))
        var firstIterator = first.makeAsyncIterator()
        var secondIterator = second.makeAsyncIterator()
        #expect(await firstIterator.next()?.accessToken == "token-1")
        #expect(await firstIterator.next()?.accessToken == "installed")
        #expect(await secondIterator.next()?.accessToken == "token-1")
        #expect(await secondIterator.next()?.accessToken == "installed")
    }

    @Test func refreshesGoThroughTheStoragesCoordinationHook() async throws {
        let storage = CoordinationCountingStorage()
        let endpoint = FakeEndpoint(delay: .zero)
        let auth = TokenLifecycle(storage: storage, refreshMargin: 60, logger: Self.quiet,
                                  strategy: "test",
                                  revocation: Self.revocation) { current, _ in try await endpoint.fetch(current) }
        _ = try await auth.validToken(networkSession: NetworkSession())
        _ = try await auth.forcedRefresh(networkSession: NetworkSession())
        #expect(await storage.coordinatedRefreshes == 2)
        #expect(endpoint.count == 2)
    }
}

/// An in-memory storage that counts calls of its coordination hook, as a file or database
/// storage would hold its lock there.
actor CoordinationCountingStorage: TokenStorage {
    private var token: AccessToken?
    private(set) var coordinatedRefreshes = 0

    func store(token: AccessToken) { self.token = token }
    func get() -> AccessToken? { token }
    func clear() { token = nil }

    func refreshCoordinated(isUsable: @escaping @Sendable (AccessToken) -> Bool,
                            refresh: @escaping @Sendable (AccessToken?) async throws -> AccessToken) async throws -> AccessToken {
        coordinatedRefreshes += 1
        if let token, isUsable(token) { return token }
        let fresh = try await refresh(token)
        token = fresh
        return fresh
    }
}
