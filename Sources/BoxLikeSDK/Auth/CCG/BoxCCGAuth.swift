import Foundation
import Logging

/// Client Credentials Grant: the app gets tokens with its own id and secret, acting as the
/// enterprise's service account or as one user.
///
/// ```swift
/// let auth = BoxCCGAuth(config: CCGConfig(clientId: "id", clientSecret: "secret", enterpriseId: "123"))
/// let client = BoxClient(auth: auth)
/// let asUser = BoxClient(auth: auth.withUserSubject(userId: "456"))
/// ```
///
/// The token is fetched on first use, refreshed shortly before it expires (at most one
/// request at a time, however many callers), and every new token appears on
/// ``tokenUpdates``.
public final class BoxCCGAuth: LifecycleBackedAuthentication {
    /// The credentials and subject.
    public let config: CCGConfig
    /// The session used when a call does not pass one.
    public let networkSession: NetworkSession
    /// How many seconds before its expiry a token is replaced.
    public let refreshMargin: TimeInterval
    private let logger: Logger?
    let lifecycle: TokenLifecycle

    /// Creates the strategy.
    ///
    /// - Parameters:
    ///   - config: Credentials, subject and token storage.
    ///   - networkSession: The session used when a call does not pass one.
    ///   - refreshMargin: How many seconds before its expiry a token is replaced.
    ///   - logger: Where the strategy logs; the session's logger by default. Secrets are
    ///     never logged.
    public init(config: CCGConfig, networkSession: NetworkSession = NetworkSession(),
                refreshMargin: TimeInterval = 60, logger: Logger? = nil) {
        self.config = config
        self.networkSession = networkSession
        self.refreshMargin = refreshMargin
        self.logger = logger
        let form = Self.tokenRequestForm(config)
        self.lifecycle = TokenLifecycle(
            storage: config.tokenStorage, refreshMargin: refreshMargin,
            logger: logger ?? networkSession.logger, strategy: "ccg"
        ) { _, session in
            try await TokenEndpoint.requestToken(form.get(), networkSession: session)
        }
    }

    /// Every new token this strategy obtains, as it arrives. Each access returns a new,
    /// independent stream.
    public var tokenUpdates: AsyncStream<AccessToken> { lifecycle.updates.subscribe() }
    /// Every refresh's outcome and every revocation from now on; see ``AuthenticationEvent``.
    public var authenticationEvents: AsyncStream<AuthenticationEvent> { lifecycle.events.subscribe() }

    /// A strategy acting as user `userId`, with its own storage; its token is fetched on
    /// its first use. This strategy keeps working unchanged.
    public func withUserSubject(userId: String, tokenStorage: any TokenStorage = InMemoryTokenStorage()) -> BoxCCGAuth {
        var newConfig = config
        newConfig.userId = userId
        newConfig.tokenStorage = tokenStorage
        return BoxCCGAuth(config: newConfig, networkSession: networkSession, refreshMargin: refreshMargin,
                          logger: logger)
    }

    /// A strategy acting as the service account of `enterpriseId`, with its own storage;
    /// its token is fetched on its first use. This strategy keeps working unchanged.
    public func withEnterpriseSubject(enterpriseId: String,
                                      tokenStorage: any TokenStorage = InMemoryTokenStorage()) -> BoxCCGAuth {
        var newConfig = config
        newConfig.userId = nil
        newConfig.enterpriseId = enterpriseId
        newConfig.tokenStorage = tokenStorage
        return BoxCCGAuth(config: newConfig, networkSession: networkSession, refreshMargin: refreshMargin,
                          logger: logger)
    }

    /// The app's own id and secret.
    func revocationCredentials() -> AppCredentials {
        AppCredentials(clientId: config.clientId, clientSecret: config.clientSecret)
    }

    /// The client-credentials request for `config`'s subject, or the reason it cannot be made.
    private static func tokenRequestForm(_ config: CCGConfig) -> Result<PostOAuth2Token, SDKError> {
        let subject: (type: PostOAuth2TokenBoxSubjectType, id: String)
        if let userId = config.userId {
            subject = (.user, userId)
        } else if let enterpriseId = config.enterpriseId {
            subject = (.enterprise, enterpriseId)
        } else {
            return .failure(SDKError(.invalidArgument, "CCGConfig needs an enterpriseId or a userId."))
        }
        return .success(PostOAuth2Token(grantType: .clientCredentials, clientId: config.clientId,
                                        clientSecret: config.clientSecret, boxSubjectType: subject.type,
                                        boxSubjectId: subject.id))
    }
}
