import Crypto
import Foundation
import Logging

/// The token lifecycle every strategy shares: read the stored token, refresh it when it is
/// missing or about to expire, let only one refresh run at a time, store and publish the
/// result, and revoke it.
///
/// A strategy supplies only ``Fetch``, how to get a new token from the token endpoint given
/// the current one, and a ``TokenRevocation``, which of its tokens revocation ends. A fetch that has nothing to ask with (a developer token, an OAuth
/// strategy before sign-in) throws ``Unavailable``; callers then get its reason, and a 401
/// gets "no replacement". Every refresh goes through ``TokenStorage/refreshCoordinated(isUsable:refresh:)``
/// so a storage shared between processes can hold its lock around it.
actor TokenLifecycle {
    /// Asks the token endpoint for a new token. `current` is the stored token at the moment
    /// of the refresh (read under the storage's lock), so its refresh token is the newest.
    typealias Fetch = @Sendable (_ current: AccessToken?, _ networkSession: NetworkSession) async throws -> AccessToken

    /// What a ``Fetch`` throws when no new token can be had at all, as opposed to a request
    /// that failed.
    struct Unavailable: Error {
        /// What callers asking for a token are told.
        let reason: BoxSDKError
        /// The server refused the grant: a caller whose token was rejected is told so too,
        /// instead of getting the rejection.
        var grantRevoked = false
    }

    /// A fetch for strategies that never obtain tokens: it reports `reason`.
    static func unavailable(_ reason: BoxSDKError) -> Fetch {
        { _, _ in throw Unavailable(reason: reason) }
    }

    /// Where the token lives.
    nonisolated let storage: any TokenStorage
    /// How long before its expiry a token is already treated as expired.
    nonisolated let refreshMargin: TimeInterval
    /// Receives every token this lifecycle obtains or is given.
    nonisolated let updates = TokenUpdateBroadcaster()
    /// Receives every refresh's outcome and revocations.
    nonisolated let events = Broadcaster<AuthenticationEvent>()
    private let fetch: Fetch
    private let revocation: TokenRevocation
    private let logger: Logger

    /// The refresh in progress, shared by everyone who needs a token meanwhile.
    private var inFlight: (id: Int, task: Task<AccessToken, any Error>)?
    private var nextRefreshId = 0

    /// A token the endpoint issued that the storage refused (a full disk, an insecure
    /// directory, a failed commit). Its refresh token may be the only live one, since the
    /// server rotated the stored one away, so it is used from memory and stored again on
    /// every call until the storage takes it.
    nonisolated private let kept = Locked<KeptToken?>(nil)
    /// Digests of refresh tokens the server answered `invalid_grant` for: they are never
    /// posted again, so a dead grant costs one request, not one per call.
    nonisolated private let deadGrants = Locked(DeadGrants())

    /// - Parameter strategy: Names the strategy in log metadata.
    init(storage: any TokenStorage, refreshMargin: TimeInterval, logger: Logger, strategy: String,
         revocation: TokenRevocation, fetch: @escaping Fetch) {
        self.storage = storage
        self.refreshMargin = refreshMargin
        var logger = logger
        logger[metadataKey: "auth"] = "\(strategy)"
        self.logger = logger
        self.fetch = fetch
        self.revocation = revocation
    }

    /// The stored token if it is usable, else a refreshed one.
    ///
    /// The common case (a usable stored token) reads the storage without entering this
    /// actor, so concurrent requests do not queue behind each other; only a refresh is
    /// serialised.
    ///
    /// Expiry is judged by the session's clock (``NetworkSession``'s `ExecutorClock`), so
    /// tests move time instead of waiting for it.
    nonisolated func validToken(networkSession: NetworkSession) async throws -> AccessToken {
        if kept.withLock({ $0 == nil }), let stored = try await storage.get(),
           Self.isUsable(stored, margin: refreshMargin, now: networkSession.configuration.clock.now()) {
            return stored
        }
        do {
            return try await refreshedToken(networkSession: networkSession)
        } catch let unavailable as Unavailable {
            throw unavailable.reason
        }
    }

    /// A refreshed token (joining a refresh in progress).
    private func refreshedToken(networkSession: NetworkSession) async throws -> AccessToken {
        let margin = refreshMargin
        let now = networkSession.configuration.clock.now
        return try await refresh(networkSession: networkSession) { Self.isUsable($0, margin: margin, now: now()) }
    }

    /// A token newer than the one stored now, whatever the stored one's state.
    func forcedRefresh(networkSession: NetworkSession) async throws -> AccessToken {
        let stale = try await storedToken()?.accessToken
        let margin = refreshMargin
        let now = networkSession.configuration.clock.now
        do {
            return try await refresh(networkSession: networkSession) { token in
                Self.isUsable(token, margin: margin, now: now()) && token.accessToken != stale
            }
        } catch let unavailable as Unavailable {
            throw unavailable.reason
        }
    }

    /// A usable token other than `rejectedAccessToken`: the stored one if it was replaced
    /// meanwhile, else a refreshed one; `nil` when there is no replacement and none can be
    /// fetched.
    func token(afterRejecting rejectedAccessToken: String, networkSession: NetworkSession) async throws -> AccessToken? {
        let margin = refreshMargin
        let now = networkSession.configuration.clock.now
        let isReplacement: @Sendable (AccessToken) -> Bool = { token in
            Self.isUsable(token, margin: margin, now: now()) && token.accessToken != rejectedAccessToken
        }
        if let stored = try await storedToken(), isReplacement(stored) {
            return stored
        }
        do {
            return try await refresh(networkSession: networkSession, isUsable: isReplacement)
        } catch let unavailable as Unavailable {
            if unavailable.grantRevoked { throw unavailable.reason }
            return nil
        }
    }

    /// A token limited to `scopes` (and an item or shared link) exchanged from a valid
    /// token; the stored token is left as it is.
    func downscoped(scopes: [String], resource: String?, sharedLink: String?,
                    networkSession: NetworkSession) async throws -> AccessToken {
        try await TokenEndpoint.downscope(
            subjectToken: validToken(networkSession: networkSession), scopes: scopes, resource: resource,
            sharedLink: sharedLink, networkSession: networkSession)
    }

    /// Stores a token obtained outside a refresh (an authorization-code exchange) and
    /// publishes it.
    func install(_ token: AccessToken) async throws {
        updates.publish(token)
        kept.withLock { $0 = nil }
        try await storage.store(token: token)
    }

    /// Forgets the stored token; the next call obtains a new one.
    func clear() async throws {
        kept.withLock { $0 = nil }
        try await storage.clear()
    }

    /// The current token without refreshing: one kept in memory because the storage refused
    /// it, else the stored one.
    nonisolated func storedToken() async throws -> AccessToken? {
        if let kept = kept.withLock({ $0 }) { return kept.token }
        return try await storage.get()
    }

    /// The current token once a refresh in progress (if any) has ended, so that a revocation
    /// sees the refresh token that refresh rotated to, not the one it spent.
    private func storedTokenAfterRefresh() async throws -> AccessToken? {
        if let running = inFlight {
            _ = try? await running.task.value
        }
        return try await storedToken()
    }

    // MARK: - Revocation

    /// Revokes the current token's tokens on the server as the strategy's ``TokenRevocation``
    /// says, then forgets the token and publishes ``AuthenticationEvent/revoked``.
    ///
    /// A refresh in progress is waited for, so the refresh token it rotated to is the one
    /// revoked. Revocation is idempotent, so failed attempts (5xx, lost connections) are
    /// retried like any safe request.
    ///
    /// - Throws: The first revocation that failed after its retries, or
    ///   ``PartialRevocationError`` when one that ended the grant succeeded before it. The
    ///   storage is then left as it was and nothing is published, so the caller can try again.
    func revoke(networkSession: NetworkSession) async throws {
        let credentials = try revocation.credentials()
        if let token = try await storedTokenAfterRefresh() {
            var grantEnded = false
            for (target, value) in revocation.targets(of: token) {
                do {
                    try await TokenEndpoint.revoke(token: value, credentials: credentials,
                                                   networkSession: networkSession)
                } catch where grantEnded {
                    logger.warning("the grant ended but revoking the access token failed", metadata: [
                        "error": "\(error)",
                    ])
                    throw PartialRevocationError(accessTokenError: error)
                }
                if target == .refreshToken { grantEnded = true }
            }
        }
        try await clear()
        logger.info("revoked the token")
        events.publish(.revoked)
    }

    // MARK: - Tokens the storage refused

    /// A token obtained from the endpoint but not yet stored.
    struct KeptToken: Sendable, Equatable {
        var token: AccessToken
        /// The refresh token the storage still holds, which the server has rotated away:
        /// finding a different one there means someone else stored a token meanwhile.
        var replaces: String?
    }

    /// Stores the kept token, unless the storage changed meanwhile (a sign-in, a clear, a
    /// refresh elsewhere), in which case the storage wins and the kept token is dropped.
    /// Returns the token to use now, or `nil` when the kept token was dropped.
    private func storeKeptToken(_ pending: KeptToken) async -> AccessToken? {
        do {
            let current = try await storage.refreshCoordinated(isUsable: { stored in
                stored.refreshToken != pending.replaces
            }, refresh: { stored in
                guard stored != nil else { throw KeptTokenSuperseded() }
                return pending.token
            })
            kept.withLock { if $0 == pending { $0 = nil } }
            if current == pending.token {
                logger.notice("stored the token that was kept in memory")
                return current
            }
            logger.notice("dropped the token kept in memory: the storage holds a newer one")
            return nil
        } catch is KeptTokenSuperseded {
            kept.withLock { if $0 == pending { $0 = nil } }
            logger.notice("dropped the token kept in memory: the storage was cleared")
            return nil
        } catch {
            logger.error("the storage still refuses the new token; keeping it in memory", metadata: [
                "error": "\(error)",
            ])
            return pending.token
        }
    }

    private struct KeptTokenSuperseded: Error {}

    // MARK: - Dead grants

    /// The digests of the last refresh tokens the server refused, oldest first.
    struct DeadGrants: Sendable {
        private var digests: [String] = []

        mutating func insert(_ refreshToken: String) {
            let digest = Self.digest(refreshToken)
            guard !digests.contains(digest) else { return }
            digests.append(digest)
            if digests.count > 32 { digests.removeFirst() }
        }

        func contains(_ refreshToken: String) -> Bool {
            digests.contains(Self.digest(refreshToken))
        }

        private static func digest(_ token: String) -> String {
            SHA256.hash(data: Array(token.utf8)).map { String($0, radix: 16) }.joined()
        }
    }

    /// The error every caller gets once the refresh token is known to be dead.
    static func signInRequired(_ cause: (any Error & Sendable)?) -> BoxSDKError {
        BoxSDKError(.signInRequired,
                    "The server no longer accepts the stored refresh token (invalid_grant): the user must sign in again.",
                    underlying: cause)
    }

    // MARK: - Single flight

    /// Joins the refresh in progress or starts one. A joined refresh whose result does not
    /// satisfy `isUsable` (it replaced a different token than the one this caller holds) is
    /// followed by one of our own.
    private func refresh(networkSession: NetworkSession,
                         isUsable: @escaping @Sendable (AccessToken) -> Bool) async throws -> AccessToken {
        if let running = inFlight {
            let token = try await CancellableWait.value(of: running.task)
            if isUsable(token) { return token }
        }
        if let running = inFlight {
            return try await CancellableWait.value(of: running.task)
        }
        if let pending = kept.withLock({ $0 }),
           let token = await storeKeptToken(pending), isUsable(token) {
            return token
        }
        let id = nextRefreshId
        nextRefreshId += 1
        let storage = storage
        let fetch = fetch
        let updates = updates
        let events = events
        let logger = logger
        let kept = kept
        let deadGrants = deadGrants
        let obtain: @Sendable () async throws -> AccessToken = {
            let issued = Locked<KeptToken?>(nil)
            do {
                return try await storage.refreshCoordinated(isUsable: isUsable) { stored in
                    // A token kept in memory supersedes the stored one it replaced: its
                    // refresh token is the live one.
                    let pending = kept.withLock { $0 }
                    let current = pending.flatMap { $0.replaces == stored?.refreshToken ? $0.token : nil } ?? stored
                    if let refreshToken = current?.refreshToken, deadGrants.withLock({ $0.contains(refreshToken) }) {
                        throw Unavailable(reason: Self.signInRequired(nil), grantRevoked: true)
                    }
                    logger.debug("requesting a new access token")
                    do {
                        let token = try await fetch(current, networkSession)
                        // Published before it is stored: a rotated refresh token must reach
                        // the app even if storing it fails, since the old one no longer works.
                        updates.publish(token)
                        events.publish(.refreshSucceeded(expiresAt: token.expiresAt))
                        issued.withLock { $0 = KeptToken(token: token, replaces: stored?.refreshToken) }
                        logger.info("obtained a new access token", metadata: [
                            "expires_at": "\(token.expiresAt.map(RFC3339Date.string(from:)) ?? "unknown")",
                        ])
                        return token
                    } catch let error as BoxAPIError where error.code == "invalid_grant" && current?.refreshToken != nil {
                        if let refreshToken = current?.refreshToken {
                            deadGrants.withLock { $0.insert(refreshToken) }
                        }
                        logger.warning("the server refused the refresh token; sign-in is required", metadata: [
                            "error": "\(error)",
                        ])
                        events.publish(.refreshFailed(error: error, signInRequired: true))
                        throw Unavailable(reason: Self.signInRequired(error), grantRevoked: true)
                    } catch {
                        logger.notice("could not obtain a new access token", metadata: ["error": "\(error)"])
                        if !(error is Unavailable), !(error is CancellationError) {
                            events.publish(.refreshFailed(error: error, signInRequired: false))
                        }
                        throw error
                    }
                }
            } catch {
                // The endpoint issued a token but the storage refused it: the server has
                // already rotated the old refresh token away, so the new one is kept and
                // used from memory, and stored again on the next call.
                guard let unstored = issued.withLock({ $0 }) else { throw error }
                kept.withLock { $0 = unstored }
                logger.error("could not store the new token; keeping it in memory until the storage accepts it",
                             metadata: ["error": "\(error)"])
                return unstored.token
            }
        }
        // The refresh ends its own turn (the task runs on this actor, which it leaves while the
        // refresh runs), before its waiters see the result: a waiter that calls again, or a
        // caller arriving after every waiter was cancelled, starts anew rather than inherit an
        // old result.
        let task = Task<AccessToken, any Error> {
            defer { self.endRefresh(id) }
            return try await obtain()
        }
        inFlight = (id, task)
        return try await CancellableWait.value(of: task)
    }

    private func endRefresh(_ id: Int) {
        if inFlight?.id == id { inFlight = nil }
    }

    /// Usable: has an access token that does not expire within `margin` seconds of `now`.
    /// The one rule for whether a stored token can be sent: every strategy and
    /// ``Credential/isSignedIn`` ask it, with the network session's clock
    /// (`ExecutorConfiguration.clock`), never the wall clock directly.
    ///
    /// The margin is at most half the token's announced lifetime: a token that lives 30 s
    /// with a 60 s margin would otherwise count as expired the moment it arrives, and every
    /// call would fetch a new one.
    static func isUsable(_ token: AccessToken, margin: TimeInterval, now: Date) -> Bool {
        let scaled = token.expiresIn.map { Swift.min(margin, TimeInterval($0) / 2) } ?? margin
        return token.accessToken != nil && !token.isExpired(within: scaled, now: now)
    }
}
