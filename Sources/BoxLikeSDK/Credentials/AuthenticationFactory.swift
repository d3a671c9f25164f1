/// Makes the ``Authentication`` of a credential, given the storage that holds its token.
///
/// A ``CredentialStore`` calls it once per credential it hands out, so that every strategy
/// reads and refreshes the token in that credential's own storage.
///
/// ```swift
/// let store = CredentialStore(storage: storage, authentication: .oauth(clientId: id, clientSecret: secret))
/// ```
public struct AuthenticationFactory: Sendable {
    /// Builds the authentication for a credential's token storage and the store's session.
    public let make: @Sendable (_ tokenStorage: any TokenStorage, _ networkSession: NetworkSession) -> any Authentication

    /// Creates a factory from a closure.
    public init(_ make: @escaping @Sendable (_ tokenStorage: any TokenStorage, _ networkSession: NetworkSession) -> any Authentication) {
        self.make = make
    }

    /// OAuth 2.0 user credentials of the app `clientId`: tokens refresh with their refresh token.
    public static func oauth(clientId: String, clientSecret: String) -> AuthenticationFactory {
        AuthenticationFactory { storage, session in
            BoxOAuth(config: OAuthConfig(clientId: clientId, clientSecret: clientSecret, tokenStorage: storage),
                     networkSession: session)
        }
    }

    /// Client-credentials grant for a user or an enterprise's service account.
    public static func ccg(clientId: String, clientSecret: String, enterpriseId: String? = nil,
                           userId: String? = nil) -> AuthenticationFactory {
        AuthenticationFactory { storage, session in
            BoxCCGAuth(config: CCGConfig(clientId: clientId, clientSecret: clientSecret, enterpriseId: enterpriseId,
                                         userId: userId, tokenStorage: storage),
                       networkSession: session)
        }
    }
}
