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
public final class BoxCCGAuth: Authentication {
    /// The credentials and subject.
    public let config: CCGConfig
    /// The session used when a call does not pass one.
    public let networkSession: NetworkSession
    /// How many seconds before its expiry a token is replaced.
    public let refreshMargin: TimeInterval
    private let logger: Logger?
    private let lifecycle: TokenLifecycle

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

    /// The stored token, or a new one when it is missing or expires within ``refreshMargin``.
    public func retrieveToken(networkSession: NetworkSession?) async throws -> AccessToken {
        try await lifecycle.validToken(networkSession: networkSession ?? self.networkSession)
    }

    /// A new token from the token endpoint, stored and published.
    public func refreshToken(networkSession: NetworkSession?) async throws -> AccessToken {
        try await lifecycle.forcedRefresh(networkSession: networkSession ?? self.networkSession)
    }

    /// `Bearer <token>`.
    public func retrieveAuthorizationHeader(networkSession: NetworkSession?) async throws -> String {
        try await retrieveToken(networkSession: networkSession).authorizationHeaderValue()
    }

    /// Revokes the current token and forgets it; the next call fetches a new one.
    public func revokeToken(networkSession: NetworkSession?) async throws {
        if let token = try await lifecycle.storedToken()?.accessToken {
            try await TokenEndpoint.revoke(token: token, clientId: config.clientId, clientSecret: config.clientSecret,
                                           networkSession: networkSession ?? self.networkSession)
        }
        try await lifecycle.clear()
    }

    /// A token limited to `scopes` and, optionally, one item or shared link; the current
    /// token is left untouched.
    public func downscopeToken(scopes: [String], resource: String?, sharedLink: String?,
                               networkSession: NetworkSession?) async throws -> AccessToken {
        try await lifecycle.downscoped(scopes: scopes, resource: resource, sharedLink: sharedLink,
                                       networkSession: networkSession ?? self.networkSession)
    }

    /// The replacement of a token the server rejected: the stored one if it changed
    /// meanwhile, else a new one (one request for all callers).
    public func refreshToken(afterRejecting rejectedAccessToken: String,
                             networkSession: NetworkSession?) async throws -> AccessToken {
        try await lifecycle.token(afterRejecting: rejectedAccessToken,
                                  networkSession: networkSession ?? self.networkSession)
    }

    /// The client-credentials request for `config`'s subject, or the reason it cannot be made.
    private static func tokenRequestForm(_ config: CCGConfig) -> Result<TokenRequestForm, SDKError> {
        var form = TokenRequestForm(grantType: "client_credentials", clientId: config.clientId,
                                    clientSecret: config.clientSecret)
        if let userId = config.userId {
            form.boxSubjectType = "user"
            form.boxSubjectId = userId
        } else if let enterpriseId = config.enterpriseId {
            form.boxSubjectType = "enterprise"
            form.boxSubjectId = enterpriseId
        } else {
            return .failure(SDKError(.invalidArgument, "CCGConfig needs an enterpriseId or a userId."))
        }
        return .success(form)
    }
}
