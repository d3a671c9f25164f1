/// The settings of a ``BoxCCGAuth``: app credentials and whose token to get.
///
/// With `userId` the token acts as that user; otherwise with `enterpriseId` it acts as the
/// enterprise's service account.
///
/// ```swift
/// let config = CCGConfig(clientId: "id", clientSecret: "secret", enterpriseId: "123")
/// let auth = BoxCCGAuth(config: config)
/// ```
public struct CCGConfig: Sendable, CustomStringConvertible, CustomReflectable {
    /// The app's client id.
    public var clientId: String
    /// The app's client secret.
    public var clientSecret: String
    /// The enterprise whose service account the token acts as (when `userId` is `nil`).
    public var enterpriseId: String?
    /// The user the token acts as; takes precedence over `enterpriseId`.
    public var userId: String?
    /// Where the token is kept.
    public var tokenStorage: any TokenStorage
    /// How the id and secret are presented to the token endpoint: in the form body (Box's
    /// way, the default) or with HTTP Basic.
    public var clientAuthentication: ClientAuthenticationMethod = .clientSecretPost

    /// Creates a configuration.
    public init(clientId: String, clientSecret: String, enterpriseId: String? = nil, userId: String? = nil,
                tokenStorage: any TokenStorage = InMemoryTokenStorage()) {
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.enterpriseId = enterpriseId
        self.userId = userId
        self.tokenStorage = tokenStorage
    }

    /// The subject and client id; the secret is never shown.
    public var description: String {
        "CCGConfig(clientId: \(clientId), clientSecret: \(Redaction.placeholder), enterpriseId: \(enterpriseId ?? "nil"), userId: \(userId ?? "nil"))"
    }

    /// What `dump` and debuggers show: the client secret redacted.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "clientId": clientId, "clientSecret": Redaction.placeholder,
            "enterpriseId": enterpriseId as Any, "userId": userId as Any, "tokenStorage": tokenStorage,
        ], displayStyle: .struct)
    }
}
