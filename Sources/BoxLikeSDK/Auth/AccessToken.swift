import Foundation

/// An OAuth 2.0 access token with what came with it: refresh token, expiry, scopes and the
/// items it is restricted to.
///
/// `AccessToken` is `Codable` so storages can persist it. Its `description` and
/// `debugDescription` never show the access or refresh token, so it is safe to log.
///
/// ```swift
/// let token = AccessToken(accessToken: "abc", expiresIn: 3600)
/// print(token)   // AccessToken(accessToken: <redacted>, expiresAt: 2026-11-21T06:00:00Z, ...)
/// ```
public struct AccessToken: Codable, Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable {
    /// The bearer token sent in `Authorization` headers.
    public var accessToken: String?
    /// The lifetime in seconds the server announced when issuing the token.
    public var expiresIn: Int64?
    /// The absolute time the token stops working, computed from ``expiresIn`` at issue.
    public var expiresAt: Date?
    /// The token type; `bearer` for every token this API issues.
    public var tokenType: String?
    /// The refresh token, when the grant issues one (authorization code, refresh).
    public var refreshToken: String?
    /// The scopes the token was limited to (downscoped tokens).
    public var scopes: [String]?
    /// The items and scopes a downscoped token is restricted to, as the server described them.
    public var restrictedTo: [Restriction]?
    /// The token type URN of a token-exchange result.
    public var issuedTokenType: String?

    /// One restriction of a downscoped token: a scope on an object.
    public struct Restriction: Codable, Sendable, Hashable {
        /// The scope, e.g. `item_preview`.
        public var scope: String
        /// The type of the object (`file`, `folder`), if given.
        public var objectType: String?
        /// The id of the object, if given.
        public var objectId: String?

        /// Creates a restriction.
        public init(scope: String, objectType: String? = nil, objectId: String? = nil) {
            self.scope = scope
            self.objectType = objectType
            self.objectId = objectId
        }
    }

    /// Creates a token. When `expiresAt` is not given it is computed as `issuedAt + expiresIn`.
    public init(
        accessToken: String?,
        expiresIn: Int64? = nil,
        expiresAt: Date? = nil,
        tokenType: String? = "bearer",
        restrictedTo: [Restriction]? = nil,
        refreshToken: String? = nil,
        scopes: [String]? = nil,
        issuedTokenType: String? = nil,
        issuedAt: Date = Date()
    ) {
        self.accessToken = accessToken
        self.expiresIn = expiresIn
        self.expiresAt = expiresAt ?? expiresIn.map { issuedAt.addingTimeInterval(TimeInterval($0)) }
        self.tokenType = tokenType
        self.refreshToken = refreshToken
        self.scopes = scopes
        self.restrictedTo = restrictedTo
        self.issuedTokenType = issuedTokenType
    }

    /// Whether the token is past its expiry, or will be within `margin` seconds of `now`.
    /// A token without a known expiry is never considered expired.
    public func isExpired(within margin: TimeInterval = 0, now: Date = Date()) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) <= margin
    }

    /// A description without secrets.
    public var description: String {
        var parts = ["accessToken: \(accessToken == nil ? "nil" : "<redacted>")"]
        if let expiresAt { parts.append("expiresAt: \(RFC3339Date.string(from: expiresAt))") }
        if let tokenType { parts.append("tokenType: \(tokenType)") }
        parts.append("refreshToken: \(refreshToken == nil ? "nil" : "<redacted>")")
        if let scopes { parts.append("scopes: \(scopes)") }
        if let restrictedTo, !restrictedTo.isEmpty { parts.append("restrictedTo: \(restrictedTo.count) item(s)") }
        if let issuedTokenType { parts.append("issuedTokenType: \(issuedTokenType)") }
        return "AccessToken(\(parts.joined(separator: ", ")))"
    }

    /// The same as ``description``: debug output must not leak secrets either.
    public var debugDescription: String { description }

    /// What `dump` and debuggers show: every field, the access and refresh tokens redacted.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "accessToken": RedactedDescription.redact(accessToken) as Any,
            "expiresIn": expiresIn as Any,
            "expiresAt": expiresAt as Any,
            "tokenType": tokenType as Any,
            "refreshToken": RedactedDescription.redact(refreshToken) as Any,
            "scopes": scopes as Any,
            "restrictedTo": restrictedTo as Any,
            "issuedTokenType": issuedTokenType as Any,
        ], displayStyle: .struct)
    }

    /// The longest lifetime a token is believed to have: ten years. A server may announce
    /// anything (`expires_in` up to 2^63 − 1); believing more would only push the expiry
    /// past what dates can express.
    public static let maximumLifetime: Int64 = 10 * 365 * 24 * 3600

    /// `expiresIn` as announced, within `0...maximumLifetime`.
    static func saneLifetime(_ expiresIn: Int64) -> Int64 {
        min(max(0, expiresIn), maximumLifetime)
    }
}
