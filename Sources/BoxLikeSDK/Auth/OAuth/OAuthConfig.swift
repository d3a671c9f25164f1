/// The settings of a ``BoxOAuth``: app credentials and where the tokens are kept.
///
/// ```swift
/// let auth = BoxOAuth(config: OAuthConfig(clientId: "id", clientSecret: "secret"))
/// ```
public struct OAuthConfig: Sendable, CustomStringConvertible, CustomReflectable {
    /// The app's client id.
    public var clientId: String
    /// The app's client secret.
    public var clientSecret: String
    /// Where the tokens are kept. Put a token obtained earlier here (`store(token:)`) to
    /// resume without signing in again.
    public var tokenStorage: any TokenStorage
    /// How the id and secret are presented to the token endpoint: in the form body (Box's
    /// way, the default) or with HTTP Basic.
    public var clientAuthentication: ClientAuthenticationMethod = .clientSecretPost

    /// Creates a configuration.
    public init(clientId: String, clientSecret: String, tokenStorage: any TokenStorage = InMemoryTokenStorage()) {
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.tokenStorage = tokenStorage
    }

    /// The client id only; the secret is never shown.
    public var description: String {
        "OAuthConfig(clientId: \(clientId), clientSecret: \(Redaction.placeholder))"
    }

    /// What `dump` and debuggers show: the client secret redacted.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "clientId": clientId, "clientSecret": Redaction.placeholder, "tokenStorage": tokenStorage,
        ], displayStyle: .struct)
    }
}
