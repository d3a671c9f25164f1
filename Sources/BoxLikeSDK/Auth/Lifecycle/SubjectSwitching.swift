/// Whom a server-to-server strategy's tokens act for: one user, or an enterprise's service
/// account. ``CCGConfig`` and ``JWTConfig`` both name it the same way.
protocol SubjectConfiguration: Sendable {
    var userId: String? { get set }
    var enterpriseId: String? { get set }
    var tokenStorage: any TokenStorage { get set }
}

extension CCGConfig: SubjectConfiguration {}
extension JWTConfig: SubjectConfiguration {}

/// A server-to-server strategy (CCG, JWT) that can make a copy of itself acting for another
/// subject. The strategy says only how it is remade from a configuration; the switch itself
/// is written here, once.
protocol SubjectSwitchingAuthentication: LifecycleBackedAuthentication {
    associatedtype Configuration: SubjectConfiguration
    /// The credentials and subject.
    var config: Configuration { get }
    /// The same strategy (session, refresh margin, logger, key) with another configuration.
    func remade(with config: Configuration) -> Self
}

extension SubjectSwitchingAuthentication {
    /// A copy acting as user `userId`, whose token lives in `tokenStorage`.
    func switched(toUser userId: String, tokenStorage: any TokenStorage) -> Self {
        var config = config
        config.userId = userId
        config.tokenStorage = tokenStorage
        return remade(with: config)
    }

    /// A copy acting as the service account of `enterpriseId`, whose token lives in
    /// `tokenStorage`.
    func switched(toEnterprise enterpriseId: String, tokenStorage: any TokenStorage) -> Self {
        var config = config
        config.userId = nil
        config.enterpriseId = enterpriseId
        config.tokenStorage = tokenStorage
        return remade(with: config)
    }
}
