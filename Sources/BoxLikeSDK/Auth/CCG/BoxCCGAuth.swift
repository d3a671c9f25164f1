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
/// ``Authentication/tokenUpdates``.
public final class BoxCCGAuth: SubjectSwitchingAuthentication {
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
            logger: logger ?? networkSession.logger, strategy: "ccg",
            revocation: .accessToken {
                AppCredentials(clientId: config.clientId, clientSecret: config.clientSecret, method: config.clientAuthentication)
            }
        ) { _, session in
            try await TokenEndpoint.requestToken(form.get(), networkSession: session,
                                                 clientAuthentication: config.clientAuthentication)
        }
    }

    /// A strategy acting as user `userId`, with its own storage; its token is fetched on
    /// its first use. This strategy keeps working unchanged.
    public func withUserSubject(userId: String, tokenStorage: any TokenStorage = InMemoryTokenStorage()) -> BoxCCGAuth {
        switched(toUser: userId, tokenStorage: tokenStorage)
    }

    /// A strategy acting as the service account of `enterpriseId`, with its own storage;
    /// its token is fetched on its first use. This strategy keeps working unchanged.
    public func withEnterpriseSubject(enterpriseId: String,
                                      tokenStorage: any TokenStorage = InMemoryTokenStorage()) -> BoxCCGAuth {
        switched(toEnterprise: enterpriseId, tokenStorage: tokenStorage)
    }

    func remade(with config: CCGConfig) -> BoxCCGAuth {
        BoxCCGAuth(config: config, networkSession: networkSession, refreshMargin: refreshMargin, logger: logger)
    }

    /// The client-credentials request for `config`'s subject, or the reason it cannot be made.
    private static func tokenRequestForm(_ config: CCGConfig) -> Result<PostOAuth2Token, BoxSDKError> {
        let subject: (type: PostOAuth2TokenBoxSubjectTypeField, id: String)
        if let userId = config.userId {
            subject = (.user, userId)
        } else if let enterpriseId = config.enterpriseId {
            subject = (.enterprise, enterpriseId)
        } else {
            return .failure(BoxSDKError(.invalidArgument, "CCGConfig needs an enterpriseId or a userId."))
        }
        return .success(PostOAuth2Token(grantType: .clientCredentials, clientId: config.clientId,
                                        clientSecret: config.clientSecret, boxSubjectType: subject.type,
                                        boxSubjectId: subject.id))
    }
}
