import Crypto
import Foundation

/// Tokens, authorization codes and login sessions of one server instance.
actor TokenRegistry {
    struct AccessToken: Sendable {
        var value: String
        var userId: String
        var clientId: String?
        var scopes: Set<String>
        var expiresAt: Date
        var kind: Principal.TokenKind
        var refreshToken: String?
        var code: String?
        var restrictedTo: ItemRef?
        var sharedLinkToken: String?
        var revoked = false

        var id: String { TokenFingerprint.of(value) }
    }

    struct RefreshToken: Sendable {
        var value: String
        var userId: String
        var clientId: String
        var scopes: Set<String>
        var expiresAt: Date
        var accessToken: String
        var code: String?
        var used = false
        var revoked = false
    }

    struct AuthorizationCode: Sendable {
        var value: String
        var clientId: String
        var redirectURI: String?
        var userId: String
        var scopes: Set<String>
        var challenge: String?
        var challengeMethod: String?
        var expiresAt: Date
        var used = false
    }

    struct AuthorizeSession: Sendable {
        var id: String
        var clientId: String
        var redirectURI: String
        var redirectURIWasGiven: Bool
        var state: String?
        var scopes: Set<String>
        var challenge: String?
        var challengeMethod: String?
        var userId: String?
        var expiresAt: Date
    }

    enum AuthenticationFailure: Error {
        case unknown
        case expired
        case revoked
    }

    /// What time it is for expiry: the configuration's clock, so tests move time instead of
    /// waiting for tokens, codes and sessions to expire.
    private let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    private(set) var accessTokens: [String: AccessToken] = [:]
    private var refreshTokens: [String: RefreshToken] = [:]
    private var codes: [String: AuthorizationCode] = [:]
    private var sessions: [String: AuthorizeSession] = [:]
    private var rateWindows: [String: (second: Int, count: Int)] = [:]
    /// The `jti` of every JWT assertion accepted, until the assertion expires.
    private var usedAssertionIds: [String: Date] = [:]

    static func randomToken(length: Int = 32) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] })
    }

    // MARK: - Access tokens

    func issueAccessToken(
        userId: String, clientId: String?, scopes: Set<String>, lifetime: Duration, kind: Principal.TokenKind,
        code: String? = nil, restrictedTo: ItemRef? = nil, sharedLinkToken: String? = nil
    ) -> AccessToken {
        let token = AccessToken(
            value: Self.randomToken(), userId: userId, clientId: clientId, scopes: scopes,
            expiresAt: now().addingTimeInterval(lifetime.seconds), kind: kind, code: code,
            restrictedTo: restrictedTo, sharedLinkToken: sharedLinkToken)
        accessTokens[token.value] = token
        return token
    }

    func issueRefreshToken(for access: AccessToken, clientId: String, lifetime: Duration, code: String?) -> RefreshToken {
        let refresh = RefreshToken(
            value: Self.randomToken(length: 64), userId: access.userId, clientId: clientId, scopes: access.scopes,
            expiresAt: now().addingTimeInterval(lifetime.seconds), accessToken: access.value, code: code)
        refreshTokens[refresh.value] = refresh
        accessTokens[access.value]?.refreshToken = refresh.value
        return refresh
    }

    func authenticate(_ value: String) -> Result<AccessToken, AuthenticationFailure> {
        guard let token = accessTokens[value] else { return .failure(.unknown) }
        if token.revoked { return .failure(.revoked) }
        if token.expiresAt <= now() { return .failure(.expired) }
        return .success(token)
    }

    // MARK: - JWT assertions

    /// Records the `jti` of an assertion valid until `expiresAt`; `false` when an assertion
    /// with that `jti` was accepted before and has not expired (a replay).
    func consumeAssertionId(_ jti: String, expiresAt: Date) -> Bool {
        let current = self.now()
        usedAssertionIds = usedAssertionIds.filter { $0.value > current }
        guard usedAssertionIds[jti] == nil else { return false }
        usedAssertionIds[jti] = expiresAt
        return true
    }

    // MARK: - Refresh tokens

    enum RefreshFailure: Error {
        case invalid(String)
    }

    /// Consumes a refresh token: it is dead afterwards, whatever the outcome for the caller.
    ///
    /// A used one presented again was copied: the server cannot tell whether the rightful
    /// client or a thief holds its successor, so every token of the grant is revoked
    /// (RFC 9700 §4.14.2), as for a reused authorization code.
    func consumeRefreshToken(_ value: String, clientId: String) -> Result<RefreshToken, RefreshFailure> {
        guard var refresh = refreshTokens[value] else { return .failure(.invalid("Invalid refresh token")) }
        if refresh.clientId != clientId { return .failure(.invalid("Refresh token was issued to another client")) }
        if refresh.revoked { return .failure(.invalid("Refresh token has been revoked")) }
        if refresh.used {
            if let code = refresh.code {
                revokeTokens(issuedFrom: code)
            } else {
                accessTokens[refresh.accessToken]?.revoked = true
                refreshTokens[value]?.revoked = true
            }
            return .failure(.invalid("Refresh token has been used"))
        }
        if refresh.expiresAt <= now() { return .failure(.invalid("Refresh token has expired")) }
        refresh.used = true
        refreshTokens[value] = refresh
        return .success(refresh)
    }

    // MARK: - Codes

    func storeCode(_ code: AuthorizationCode) {
        codes[code.value] = code
    }

    enum CodeFailure: Error {
        case invalid(String)
    }

    /// Consumes a code; reusing one revokes every token issued from it (RFC 6749 §4.1.2).
    func consumeCode(_ value: String, clientId: String) -> Result<AuthorizationCode, CodeFailure> {
        guard var code = codes[value] else { return .failure(.invalid("Invalid authorization code")) }
        if code.used {
            revokeTokens(issuedFrom: value)
            return .failure(.invalid("Authorization code has already been used"))
        }
        if code.clientId != clientId { return .failure(.invalid("Authorization code was issued to another client")) }
        code.used = true
        codes[value] = code
        if code.expiresAt <= now() { return .failure(.invalid("Authorization code has expired")) }
        return .success(code)
    }

    private func revokeTokens(issuedFrom code: String) {
        for (key, token) in accessTokens where token.code.map({ SecretComparison.equal($0, code) }) == true {
            accessTokens[key]?.revoked = true
        }
        for (key, token) in refreshTokens where token.code.map({ SecretComparison.equal($0, code) }) == true {
            refreshTokens[key]?.revoked = true
        }
    }

    // MARK: - Revocation

    /// Revokes an access or refresh token and its partner; unknown tokens are ignored (RFC 7009).
    func revoke(_ value: String, clientId: String?) {
        if let access = accessTokens[value] {
            if let clientId, let owner = access.clientId, owner != clientId { return }
            accessTokens[value]?.revoked = true
            if let refresh = access.refreshToken { refreshTokens[refresh]?.revoked = true }
        } else if let refresh = refreshTokens[value] {
            if let clientId, refresh.clientId != clientId { return }
            refreshTokens[value]?.revoked = true
            accessTokens[refresh.accessToken]?.revoked = true
        }
    }

    /// Revokes every access and refresh token issued to one of `userIds`, as ending their
    /// sessions does (`POST /users/terminate_sessions`) and deleting them does; their pending
    /// authorization codes and signed-in authorize sessions end too. Returns how many tokens
    /// died.
    @discardableResult
    func revokeTokens(ofUsers userIds: Set<String>) -> Int {
        var revoked = 0
        for (key, token) in accessTokens where userIds.contains(token.userId) && !token.revoked {
            accessTokens[key]?.revoked = true
            revoked += 1
        }
        for (key, token) in refreshTokens where userIds.contains(token.userId) && !token.revoked {
            refreshTokens[key]?.revoked = true
            revoked += 1
        }
        codes = codes.filter { !userIds.contains($0.value.userId) }
        sessions = sessions.filter { session in session.value.userId.map { !userIds.contains($0) } ?? true }
        return revoked
    }

    // MARK: - Authorize sessions

    func storeSession(_ session: AuthorizeSession) {
        sessions[session.id] = session
    }

    func session(_ id: String) -> AuthorizeSession? {
        guard let session = sessions[id], session.expiresAt > now() else { return nil }
        return session
    }

    func completeSession(_ id: String) {
        sessions[id] = nil
    }

    // MARK: - Rate limiting

    /// Counts a request for `tokenId`; returns false when the per-second budget is used up.
    func admit(tokenId: String, limit: Int) -> Bool {
        let second = Int(now().timeIntervalSince1970)
        var window = rateWindows[tokenId] ?? (second, 0)
        if window.second != second { window = (second, 0) }
        window.count += 1
        rateWindows[tokenId] = window
        return window.count <= limit
    }
}

extension Duration {
    var seconds: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
