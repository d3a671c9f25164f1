import BoxLikeNetworkTestSupport
import BoxLikeSDK
import Foundation

/// Several worker processes asking for a token at the same moment over one shared storage
/// whose token has expired: the situation where only a cross-process lock keeps them from
/// each calling the token endpoint.
public enum RefreshStorm {
    /// The storage the workers share.
    public enum Backend: Sendable {
        /// An ``EncryptedFileTokenStorage`` directory, with the key in base64.
        case file(directory: String, keyBase64: String)
        /// A PostgreSQL database.
        case postgres(PostgresEndpoint)
    }

    /// How the workers obtain a token.
    public enum Grant: String, Sendable {
        /// Client credentials: any worker may fetch a token; a duplicate fetch only wastes a
        /// request.
        case clientCredentials = "ccg"
        /// A rotating OAuth refresh token: the server accepts each refresh token once, so a
        /// second worker refreshing with it gets `invalid_grant` and loses the session.
        case refreshToken = "oauth"
    }

    /// The app credentials the workers use.
    public struct Client: Sendable {
        /// The server's origin, e.g. `http://127.0.0.1:5555`.
        public var origin: URL
        /// The CCG client id.
        public var clientId: String
        /// The CCG client secret.
        public var clientSecret: String
        /// The enterprise whose service account the token is for (client credentials).
        public var enterpriseId: String
        /// How the workers obtain a token.
        public var grant: Grant

        /// Creates client settings.
        public init(origin: URL, clientId: String, clientSecret: String, enterpriseId: String = "",
                    grant: Grant = .clientCredentials) {
            self.origin = origin
            self.clientId = clientId
            self.clientSecret = clientSecret
            self.enterpriseId = enterpriseId
            self.grant = grant
        }
    }

    /// An access token that expired a minute ago, to start a storm from.
    public static func expiredToken() -> AccessToken {
        AccessToken(accessToken: "expired-\(UUID().uuidString)", expiresAt: Date().addingTimeInterval(-60))
    }

    /// Starts `processes` workers that all ask for a token at the same instant; returns the
    /// fingerprint of the token each one ended with.
    ///
    /// - Throws: When a worker fails, with its standard error.
    public static func run(backend: Backend, client: Client, namespace: String, credentialId: String,
                           processes: Int = 8) async throws -> [String] {
        // Far enough ahead that every worker has started and connected before the moment.
        let startAt = Int((Date().timeIntervalSince1970 + 1.5) * 1000)
        var arguments = [
            "refresh", "namespace=\(namespace)", "credential=\(credentialId)",
            "origin=\(client.origin.absoluteString)", "client-id=\(client.clientId)",
            "client-secret=\(client.clientSecret)", "enterprise=\(client.enterpriseId)", "start-at=\(startAt)",
            "grant=\(client.grant.rawValue)",
        ]
        var environment: [String: String] = [:]
        switch backend {
        case .file(let directory, let keyBase64):
            arguments += ["backend=file", "dir=\(directory)"]
            environment["BOXLIKE_TOKEN_KEY"] = keyBase64
        case .postgres(let endpoint):
            arguments += ["backend=postgres"] + endpoint.workerArguments
        }
        let frozenArguments = arguments
        let frozenEnvironment = environment
        let outcomes = try await withThrowingTaskGroup(of: StorageWorkerProcess.Outcome.self) { group in
            for _ in 0..<processes {
                group.addTask { try await StorageWorkerProcess.run(frozenArguments, environment: frozenEnvironment) }
            }
            var outcomes: [StorageWorkerProcess.Outcome] = []
            for try await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        return try outcomes.map { outcome in
            guard outcome.status == 0,
                  let line = outcome.output.split(separator: "\n").first(where: { $0.hasPrefix("token ") }) else {
                throw ClusterError(message: "a storm worker failed (status \(outcome.status)): \(outcome.errorOutput)")
            }
            return String(line.dropFirst("token ".count))
        }
    }
}
