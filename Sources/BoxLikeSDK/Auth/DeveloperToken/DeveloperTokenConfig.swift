/// The app credentials a ``BoxDeveloperTokenAuth`` needs only to revoke its token.
///
/// ```swift
/// let auth = BoxDeveloperTokenAuth(token: "…", config: DeveloperTokenConfig(clientId: "id", clientSecret: "secret"))
/// try await auth.revokeToken()
/// ```
public struct DeveloperTokenConfig: Sendable, CustomStringConvertible, CustomReflectable {
    /// The app's client id.
    public var clientId: String?
    /// The app's client secret.
    public var clientSecret: String?

    /// Creates a configuration; both values are needed to revoke.
    public init(clientId: String? = nil, clientSecret: String? = nil) {
        self.clientId = clientId
        self.clientSecret = clientSecret
    }

    /// The client id only; the secret is never shown.
    public var description: String {
        "DeveloperTokenConfig(clientId: \(clientId ?? "nil"), clientSecret: \(clientSecret == nil ? "nil" : Redaction.placeholder))"
    }

    /// What `dump` and debuggers show: the client secret redacted.
    public var customMirror: Mirror {
        Mirror(self, children: ["clientId": clientId as Any, "clientSecret": RedactedDescription.redact(clientSecret) as Any],
               displayStyle: .struct)
    }
}
