import Foundation
import Logging

/// The token lifecycle every strategy shares: read the stored token, refresh it when it is
/// missing or about to expire, let only one refresh run at a time, store and publish the
/// result.
///
/// A strategy supplies only ``Fetch``: how to get a new token from the token endpoint given
/// the current one. A fetch that has nothing to ask with (a developer token, an OAuth
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
        let reason: SDKError
    }

    /// A fetch for strategies that never obtain tokens: it reports `reason`.
    static func unavailable(_ reason: SDKError) -> Fetch {
        { _, _ in throw Unavailable(reason: reason) }
    }

    /// Where the token lives.
    nonisolated let storage: any TokenStorage
    /// How long before its expiry a token is already treated as expired.
    nonisolated let refreshMargin: TimeInterval
    /// Receives every token this lifecycle obtains or is given.
    nonisolated let updates = TokenUpdateBroadcaster()
    private let fetch: Fetch
    private let logger: Logger

    /// The refresh in progress, shared by everyone who needs a token meanwhile.
    private var inFlight: (id: Int, task: Task<AccessToken, any Error>)?
    private var nextRefreshId = 0

    /// - Parameter strategy: Names the strategy in log metadata.
    init(storage: any TokenStorage, refreshMargin: TimeInterval, logger: Logger, strategy: String,
         fetch: @escaping Fetch) {
        self.storage = storage
        self.refreshMargin = refreshMargin
        var logger = logger
        logger[metadataKey: "auth"] = "\(strategy)"
        self.logger = logger
        self.fetch = fetch
    }

    /// The stored token if it is usable, else a refreshed one.
    ///
    /// The common case (a usable stored token) reads the storage without entering this
    /// actor, so concurrent requests do not queue behind each other; only a refresh is
    /// serialised.
    nonisolated func validToken(networkSession: NetworkSession) async throws -> AccessToken {
        if let stored = try await storage.get(), Self.isUsable(stored, margin: refreshMargin) {
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
        return try await refresh(networkSession: networkSession) { Self.isUsable($0, margin: margin) }
    }

    /// A token newer than the one stored now, whatever the stored one's state.
    func forcedRefresh(networkSession: NetworkSession) async throws -> AccessToken {
        let stale = try await storage.get()?.accessToken
        let margin = refreshMargin
        do {
            return try await refresh(networkSession: networkSession) { token in
                Self.isUsable(token, margin: margin) && token.accessToken != stale
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
        let isReplacement: @Sendable (AccessToken) -> Bool = { token in
            Self.isUsable(token, margin: margin) && token.accessToken != rejectedAccessToken
        }
        if let stored = try await storage.get(), isReplacement(stored) {
            return stored
        }
        do {
            return try await refresh(networkSession: networkSession, isUsable: isReplacement)
        } catch is Unavailable {
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
        try await storage.store(token: token)
    }

    /// Forgets the stored token; the next call obtains a new one.
    func clear() async throws {
        try await storage.clear()
    }

    /// The stored token, without refreshing.
    nonisolated func storedToken() async throws -> AccessToken? {
        try await storage.get()
    }

    /// The stored token once a refresh in progress (if any) has ended, so that a revocation
    /// sees the refresh token that refresh rotated to, not the one it spent.
    func storedTokenAfterRefresh() async throws -> AccessToken? {
        if let running = inFlight {
            _ = try? await running.task.value
        }
        return try await storage.get()
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
        let id = nextRefreshId
        nextRefreshId += 1
        let storage = storage
        let fetch = fetch
        let updates = updates
        let logger = logger
        let obtain: @Sendable () async throws -> AccessToken = {
            try await storage.refreshCoordinated(isUsable: isUsable) { current in
                logger.debug("requesting a new access token")
                do {
                    let token = try await fetch(current, networkSession)
                    // Published before it is stored: a rotated refresh token must reach the
                    // app even if storing it fails, since the old one no longer works.
                    updates.publish(token)
                    logger.info("obtained a new access token", metadata: [
                        "expires_at": "\(token.expiresAt.map(RFC3339Date.string(from:)) ?? "unknown")",
                    ])
                    return token
                } catch {
                    logger.notice("could not obtain a new access token", metadata: ["error": "\(error)"])
                    throw error
                }
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

    private func isUsable(_ token: AccessToken) -> Bool {
        Self.isUsable(token, margin: refreshMargin)
    }

    /// Usable: has an access token that does not expire within `margin` seconds.
    ///
    /// The margin is at most half the token's announced lifetime: a token that lives 30 s
    /// with a 60 s margin would otherwise count as expired the moment it arrives, and every
    /// call would fetch a new one.
    static func isUsable(_ token: AccessToken, margin: TimeInterval) -> Bool {
        let scaled = token.expiresIn.map { Swift.min(margin, TimeInterval($0) / 2) } ?? margin
        return token.accessToken != nil && !token.isExpired(within: scaled)
    }
}
