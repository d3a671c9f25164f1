import Foundation
import Logging

/// JWT authentication (server-to-server): the app proves who it is with an assertion signed
/// by its private key (RFC 7523 JWT-bearer grant) and gets a token acting as the enterprise's
/// service account or as one user.
///
/// ```swift
/// let auth = BoxJWTAuth(config: try JWTConfig.fromConfigFile(path: "box_config.json"))
/// let client = BoxClient(auth: auth)
/// let asUser = BoxClient(auth: auth.withUserSubject(userId: "456"))
/// ```
///
/// The token is fetched on first use, refreshed shortly before it expires (at most one
/// request at a time, however many callers), and every new token appears on
/// ``Authentication/tokenUpdates``. Every attempt, retries included, sends a newly signed assertion with its
/// own `jti`; an assertion the server refuses for its `exp` is signed again with the server's
/// clock (from its `Date` header).
public final class BoxJWTAuth: SubjectSwitchingAuthentication, CustomReflectable {
    /// The credentials, key and subject.
    public let config: JWTConfig
    /// The session used when a call does not pass one.
    public let networkSession: NetworkSession
    /// How many seconds before its expiry a token is replaced.
    public let refreshMargin: TimeInterval
    private let logger: Logger?
    /// The grant for `config`'s subject, or why there is none (a key that cannot sign, no
    /// subject): reported to every caller asking for a token.
    private let grant: Result<JWTGrant, JWTConfigError>
    /// The key read from `config`, handed on to subject switches so it is read once.
    private let key: Result<JWTSigningKey, JWTConfigError>
    let lifecycle: TokenLifecycle

    /// Creates the strategy. The private key is read here; when it cannot be used, every
    /// request for a token throws the ``JWTConfigError`` saying why.
    ///
    /// - Parameters:
    ///   - config: Credentials, private key, subject and token storage.
    ///   - networkSession: The session used when a call does not pass one.
    ///   - refreshMargin: How many seconds before its expiry a token is replaced.
    ///   - logger: Where the strategy logs; the session's logger by default. Secrets and key
    ///     material are never logged.
    public convenience init(config: JWTConfig, networkSession: NetworkSession = NetworkSession(),
                            refreshMargin: TimeInterval = 60, logger: Logger? = nil) {
        let key = Result { () throws(JWTConfigError) in try config.signingKey() }
        self.init(config: config, key: key, networkSession: networkSession, refreshMargin: refreshMargin,
                  logger: logger)
    }

    /// Creates the strategy with a key already read (a subject switch reuses its original's).
    private init(config: JWTConfig, key: Result<JWTSigningKey, JWTConfigError>, networkSession: NetworkSession,
                 refreshMargin: TimeInterval, logger: Logger?) {
        var config = config
        if case .success(let key) = key { config.preparedKey = key }
        self.config = config
        self.networkSession = networkSession
        self.refreshMargin = refreshMargin
        self.logger = logger
        let grant = key.flatMap { key in
            Result { () throws(JWTConfigError) in
                JWTGrant(config: config, subject: try config.subject(), key: key, logger: logger)
            }
        }
        self.grant = grant
        self.key = key
        self.lifecycle = TokenLifecycle(
            storage: config.tokenStorage, refreshMargin: refreshMargin,
            logger: logger ?? networkSession.logger, strategy: "jwt",
            revocation: .accessToken { [config] in
                AppCredentials(clientId: config.clientId, clientSecret: config.clientSecret)
            }
        ) { _, session in
            try await grant.get().requestToken(networkSession: session)
        }
    }

    /// A strategy acting as user `userId`, with its own storage; its token is fetched on
    /// its first use. This strategy keeps working unchanged.
    ///
    /// ```swift
    /// let asUser = auth.withUserSubject(userId: "456")
    /// ```
    public func withUserSubject(userId: String, tokenStorage: any TokenStorage = InMemoryTokenStorage()) -> BoxJWTAuth {
        switched(toUser: userId, tokenStorage: tokenStorage)
    }

    /// A strategy acting as the service account of `enterpriseId`, with its own storage;
    /// its token is fetched on its first use. This strategy keeps working unchanged.
    ///
    /// ```swift
    /// let asEnterprise = asUser.withEnterpriseSubject(enterpriseId: "123")
    /// ```
    public func withEnterpriseSubject(enterpriseId: String,
                                      tokenStorage: any TokenStorage = InMemoryTokenStorage()) -> BoxJWTAuth {
        switched(toEnterprise: enterpriseId, tokenStorage: tokenStorage)
    }

    /// Reuses the key already read.
    func remade(with config: JWTConfig) -> BoxJWTAuth {
        BoxJWTAuth(config: config, key: key, networkSession: networkSession, refreshMargin: refreshMargin,
                   logger: logger)
    }

    /// Builds and signs one assertion for `networkSession`'s token endpoint, with a fresh
    /// `jti`, as every token request does (for benchmarks).
    package func makeAssertion(networkSession: NetworkSession? = nil) throws -> String {
        try grant.get().assertion(networkSession: session(networkSession), now: Date()).compact
    }

    /// What `dump` and debuggers show: the configuration (redacted) and the refresh margin.
    public var customMirror: Mirror {
        Mirror(self, children: ["config": config, "refreshMargin": refreshMargin], displayStyle: .class)
    }
}
