import Foundation
import HTTPTypes

/// One signed-in account held by a ``CredentialStore``: its token (in its own storage), the
/// ``Authentication`` that uses and refreshes it, and the store's tags and cached user info.
///
/// A store hands out one instance per id while the app holds it, so credentials can be
/// compared with `===`.
///
/// ```swift
/// let credential = try await store.store(token: token, tags: ["team": "sales"])
/// let me = try await credential.userInfo()
/// let folder = try await credential.client.folders.getFolderById(folderId: "0")
/// let outcome = try await credential.logout()
/// ```
public final class Credential: Sendable, Identifiable, CustomStringConvertible {
    /// The credential id, unique within the store's namespace.
    public let id: String
    /// The authentication that reads, refreshes and persists this credential's token.
    public let auth: any Authentication
    /// The storage holding this credential's token.
    public let tokenStorage: any CredentialStorage
    /// The store the credential belongs to.
    public let store: CredentialStore

    init(id: String, auth: any Authentication, tokenStorage: any CredentialStorage, store: CredentialStore) {
        self.id = id
        self.auth = auth
        self.tokenStorage = tokenStorage
        self.store = store
    }

    /// A client that acts as this credential.
    public var client: BoxClient {
        BoxClient(auth: auth, networkSession: store.networkSession)
    }

    /// The stored token, as it is now (no refresh).
    public func token() async throws -> AccessToken? {
        try await tokenStorage.get()
    }

    /// Whether the credential can make requests without signing in again: it holds an
    /// access token that has not expired, or a refresh token to get one.
    public var isSignedIn: Bool {
        get async throws {
            guard let token = try await tokenStorage.get() else { return false }
            if token.refreshToken != nil { return true }
            return TokenLifecycle.isUsable(token, margin: 0, now: store.networkSession.configuration.clock.now())
        }
    }

    /// The token, refreshed first when it is missing or about to expire (the rule every call
    /// applies); a refresh is stored in ``tokenStorage`` and reported on the store's
    /// ``CredentialStore/events()``.
    @discardableResult
    public func refreshIfNeeded() async throws -> AccessToken {
        try await auth.retrieveToken(networkSession: store.networkSession)
    }

    /// Gets a new token from the server now; it is stored in ``tokenStorage``.
    @discardableResult
    public func refresh() async throws -> AccessToken {
        try await auth.refreshToken(networkSession: store.networkSession)
    }

    /// The credential's user, from `GET /users/me`; cached in the store after the first call.
    ///
    /// - Parameter reload: Ask the server even when a cached value exists.
    public func userInfo(reload: Bool = false) async throws -> CredentialUserInfo {
        if !reload, let cached = try await store.record(id: id)?.userInfo {
            return cached
        }
        let users = UsersManager(executor: store.networkSession.executor(auth: auth))
        let user = try await users.getUserMe(
            queryParams: GetUserMeQueryParams(fields: ["id", "type", "name", "login", "enterprise"]))
        let info = CredentialUserInfo(
            id: user.id, login: user.login, name: user.name,
            enterprise: user.enterprise.map { CredentialUserInfo.Enterprise(id: $0.id, name: $0.name) })
        try await store.cacheUserInfo(info, for: id)
        return info
    }

    /// The app's labels for this credential.
    public var tags: [String: String] {
        get async throws { try await store.record(id: id)?.tags ?? [:] }
    }

    /// Replaces the credential's tags; they are persisted with the store.
    public func setTags(_ tags: [String: String]) async throws {
        try await store.setTags(tags, for: id)
    }

    /// Revokes the credential's tokens on the server; the credential stays in the store,
    /// signed out.
    public func revoke() async throws {
        try await auth.revokeToken(networkSession: store.networkSession)
    }

    /// Forgets the credential locally: its token, tags and cached user info. The tokens stay
    /// valid on the server; use ``logout()`` to revoke them too.
    public func remove() async throws {
        try await store.remove(id: id)
    }

    /// Revokes the tokens on the server, then removes the credential locally.
    ///
    /// When the server cannot be reached or refuses, the credential is still removed
    /// locally, and the failure is reported in the result rather than thrown.
    ///
    /// - Throws: Only when the local removal fails.
    @discardableResult
    public func logout() async throws -> LogoutResult {
        var revokeError: (any Error & Sendable)?
        do {
            try await revoke()
        } catch {
            revokeError = error
        }
        try await remove()
        return LogoutResult(revokeError: revokeError)
    }

    /// The id; never the token.
    public var description: String { "Credential(id: \(id))" }
}
