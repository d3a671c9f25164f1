import Foundation
import Logging

/// How a ``BoxLikeServer`` instance behaves: where it listens, token lifetimes, limits and
/// the OAuth clients it knows.
///
/// ```swift
/// var configuration = BoxLikeServerConfiguration()
/// configuration.accessTokenLifetime = .seconds(2)
/// let server = try await BoxLikeServer.start(configuration)
/// ```
public struct BoxLikeServerConfiguration: Sendable {
    /// Interface to bind; loopback by default.
    public var host: String = "127.0.0.1"
    /// Port to bind; 0 picks an ephemeral port.
    public var port: Int = 0
    /// Serve HTTPS with this certificate instead of plain HTTP.
    public var tls: ServerTLS?
    /// Lifetime of access tokens issued by `/oauth2/token`.
    public var accessTokenLifetime: Duration = .seconds(3600)
    /// Lifetime of refresh tokens.
    public var refreshTokenLifetime: Duration = .seconds(60 * 24 * 3600)
    /// Lifetime of authorization codes.
    public var authorizationCodeLifetime: Duration = .seconds(30)
    /// Lifetime of developer tokens minted with ``BoxLikeServer/mintDeveloperToken(userId:)``.
    public var developerTokenLifetime: Duration = .seconds(3600)
    /// Whether `/oauth2/token` and `/oauth2/revoke` accept client credentials only with HTTP
    /// Basic (`client_secret_basic`), refusing a `client_secret` in the body, as some OAuth
    /// servers do; Box accepts both.
    public var requiresBasicClientAuthentication = false
    /// Requests per second allowed per access token; `nil` turns rate limiting off.
    public var rateLimitPerSecond: Int?
    /// The client used with `client_credentials` (CCG) grants.
    public var ccgClient = RegisteredClient(
        id: "boxlike-ccg-client", secret: "boxlike-ccg-secret", redirectURIs: [],
        grantTypes: [.clientCredentials, .tokenExchange])
    /// The JWT app used with JWT-bearer grants. The server adds the public key of the key
    /// pair it generates at start (``BoxLikeServer/jwtAppConfigJSON()`` gives its private
    /// key); keys registered here are accepted too.
    public var jwtClient = RegisteredClient(
        id: "boxlike-jwt-client", secret: "boxlike-jwt-secret", redirectURIs: [],
        grantTypes: [.jwtBearer, .tokenExchange])
    /// The confidential web-app client used with the authorization-code flow.
    public var oauthClient = RegisteredClient(
        id: "boxlike-oauth-client", secret: "boxlike-oauth-secret",
        redirectURIs: ["http://127.0.0.1/callback", "http://localhost:8080/callback", "https://app.example.com/callback"],
        grantTypes: [.authorizationCode, .refreshToken, .tokenExchange])
    /// A public (secret-less) client that must use PKCE.
    public var publicClient = RegisteredClient(
        id: "boxlike-public-client", secret: nil,
        redirectURIs: ["http://127.0.0.1/callback", "http://[::1]/callback", "com.example.app:/oauth2redirect"],
        grantTypes: [.authorizationCode, .refreshToken, .tokenExchange])
    /// Further clients.
    public var additionalClients: [RegisteredClient] = []
    /// Whether authorization requests may use the `plain` PKCE method. Off by default: a
    /// `plain` challenge is the verifier itself, so accepting it lets an attacker who sees the
    /// authorization request downgrade PKCE (RFC 9700 §2.1.1).
    public var allowsPlainPKCE: Bool = false
    /// Size of every part of a chunked upload session except the last.
    public var uploadPartSize: Int = 8 * 1024 * 1024
    /// Smallest file size accepted by `POST /files/upload_sessions`.
    public var minimumChunkedUploadSize: Int = 20 * 1024 * 1024
    /// Content larger than this is kept in temporary files instead of memory.
    public var contentSpillThreshold: Int = 32 * 1024 * 1024
    /// The directory those temporary files are made in (readable by the server's user only,
    /// deleted when their upload fails or their content is gone); `nil` uses the system's
    /// temporary directory.
    public var contentSpillDirectory: String?
    /// The `Retry-After` seconds of the `202` a thumbnail answers while it is generated (the
    /// first request for each file version and size).
    public var thumbnailRetryAfterSeconds: Int = 1
    /// Largest JSON request body accepted.
    public var maximumJSONBodySize: Int = 4 * 1024 * 1024
    /// Path of the OpenAPI document to validate requests against; `nil` uses the bundled one.
    public var specPath: String?
    /// Whether SIGINT / SIGTERM shut the server down gracefully (finishing in-flight requests);
    /// for executables, off for servers started inside tests.
    public var handlesShutdownSignals: Bool = false
    /// How long ``BoxLikeServer/stop()`` lets requests in progress finish before cancelling them.
    public var shutdownGracePeriod: Duration = .seconds(5)
    /// Whether requests are validated against the spec. The handlers rely on it for the
    /// members the spec requires: with it off, a request lacking one is answered `500`.
    public var validatesRequests: Bool = true
    /// How long the realtime server holds a long-poll before answering `reconnect`.
    public var realtimeHoldTime: Duration = .seconds(25)
    /// The `max_retries` announced by `OPTIONS /events`: polls per realtime URL.
    public var realtimeMaxRetries: Int = 10
    /// How long a realtime URL from `OPTIONS /events` may be polled, announced as its `ttl`
    /// in minutes (a fraction of a minute for a shorter one, so tests can see it run out).
    public var realtimeTTL: Duration = .seconds(600)
    /// The `retry_timeout` announced by `OPTIONS /events`, in seconds: how long a client
    /// waits for a poll's answer. `nil` announces the hold time plus 10 seconds, as Box
    /// announces 610 for its 600-second hold.
    public var realtimeRetryTimeoutSeconds: Int?
    /// The host name of the realtime URL `OPTIONS /events` announces (the scheme and port stay
    /// the server's); `nil` uses the server's own. Another name of this machine (`localhost`
    /// for a server reached as `127.0.0.1`) lets tests see what a client sends to a realtime
    /// host that is not the API's, as Box's are.
    public var realtimeHostName: String?
    /// Whether content responses announce the content's SHA-1 (`Digest: sha=...` and
    /// `X-BoxLike-SHA1`); `false` serves content as Box's download locations do, without.
    public var announcesContentDigests: Bool = true
    /// The app developer tokens (``BoxLikeServer/mintDeveloperToken(userId:)``) belong to, as
    /// a developer token made in an app's console does: webhooks created with one are signed
    /// with this app's keys. `nil` means ``oauthClient``.
    public var developerTokenClientId: String?
    /// How many times a delivery is attempted before it is given up.
    public var webhookMaxAttempts: Int = 5
    /// The wait before the first retry of a failed delivery; each further retry waits twice
    /// as long.
    public var webhookRetryBaseDelay: Duration = .milliseconds(100)
    /// The longest a receiver may take to answer a delivery.
    public var webhookDeliveryTimeout: Duration = .seconds(10)
    /// Who posts webhook notifications: `nil` (the default) posts them over HTTP to each
    /// webhook's address; a function takes each attempt instead and answers the receiver's
    /// status, or `nil` for a receiver that did not answer (retried as an unreachable one
    /// is). Tests hand deliveries to an in-process receiver this way, without a socket.
    public var webhookTransport: (@Sendable (WebhookPost) async -> Int?)?
    /// The most events the server keeps for `GET /events` (users' streams and the admin
    /// logs), long-polls, recent items and webhook reads; when more are recorded the oldest are
    /// forgotten (in batches, so up to a sixteenth more may be held for a while). A stream
    /// position older than the oldest kept event reads on from the oldest kept one, as a
    /// position older than Box's retention does. Bounds the memory a long-running server
    /// spends on its history.
    public var eventRetention: Int = 100_000
    /// The most requests ``BoxLikeServer/requestLog`` keeps; older ones are forgotten first
    /// (in batches, as ``eventRetention``), so the log of a long-running server does not grow
    /// without bound. Tests that read the log send far fewer.
    public var requestLogCapacity: Int = 10_000
    /// The seeded JWT app's RSA key; `nil` (the default) makes a new 2048-bit key for each
    /// server, the first time it needs one. Servers given the same ``JWTAppKey`` share it.
    public var jwtAppKey: JWTAppKey?
    /// The clock of everything that depends on time (the expiry of tokens, authorization
    /// codes and sign-in sessions, sign request expiry and resend waits, retention periods
    /// and their disposition, legal hold releases); the system's by default. Tests give
    /// ``ServerClock/manual(_:)`` and move it instead of sleeping.
    public var clock: ServerClock = .system
    /// How long a new sign request stays `converting` (on ``clock``) before it is `sent`; with
    /// zero, only the answer to its creation shows `converting`.
    public var signConversionDuration: TimeInterval = 0
    /// The logger; never receives tokens, secrets, codes or verifiers.
    public var logger: Logger = {
        var logger = Logger(label: "boxlike-server")
        logger.logLevel = .warning
        return logger
    }()

    /// Creates the default configuration.
    public init() {}

    /// This configuration with `key` registered with its JWT app.
    func registering(_ key: JWTPublicKey) -> BoxLikeServerConfiguration {
        var configuration = self
        configuration.jwtClient.jwtPublicKeys.append(key)
        return configuration
    }

    /// Every client the server accepts.
    public var allClients: [RegisteredClient] {
        [ccgClient, jwtClient, oauthClient, publicClient] + additionalClients
    }

    /// The app a token issued to `clientId` belongs to; for `nil` (a developer token), the
    /// app of ``developerTokenClientId``.
    public func app(clientId: String?) -> RegisteredClient? {
        let id = clientId ?? developerTokenClientId ?? oauthClient.id
        return allClients.first { $0.id == id }
    }
}

/// An OAuth client registered with the server.
public struct RegisteredClient: Sendable, Hashable {
    /// The `client_id`.
    public var id: String
    /// The `client_secret`; `nil` for a public client, which must use PKCE.
    public var secret: String?
    /// Registered redirect URIs; for loopback URIs any port matches (RFC 8252 §7.3).
    public var redirectURIs: [String]
    /// Grant types the client may use.
    public var grantTypes: Set<GrantType>
    /// The public keys that verify the client's JWT assertions, by key id (`kid`).
    public var jwtPublicKeys: [JWTPublicKey]
    /// The keys that sign deliveries of the webhooks this app creates.
    public var webhookSignatureKeys: WebhookSignatureKeys
    /// The app's name, as the admin logs show it for content its users change through it
    /// (`service_name`).
    public var name: String

    /// Creates a client; without `webhookSignatureKeys` its keys are made from its id, so
    /// every app signs with keys of its own; without `name` it is named by its id.
    public init(id: String, secret: String?, redirectURIs: [String], grantTypes: Set<GrantType>,
                jwtPublicKeys: [JWTPublicKey] = [], webhookSignatureKeys: WebhookSignatureKeys? = nil, name: String? = nil) {
        self.id = id
        self.name = name ?? id
        self.secret = secret
        self.redirectURIs = redirectURIs
        self.grantTypes = grantTypes
        self.jwtPublicKeys = jwtPublicKeys
        self.webhookSignatureKeys = webhookSignatureKeys ?? WebhookSignatureKeys(
            primary: "boxlike-webhook-primary-key-\(id)", secondary: "boxlike-webhook-secondary-key-\(id)")
    }
}

/// An app's two webhook signature keys, as Box's developer console shows them: each delivery
/// is signed with both (`BOX-SIGNATURE-PRIMARY`, `BOX-SIGNATURE-SECONDARY`), so one can be
/// rotated while receivers still check the other. Secrets: the description and mirror
/// redact them.
///
/// ```swift
/// let keys = server.configuration.oauthClient.webhookSignatureKeys
/// let validator = WebhookValidator(primaryKey: keys.primary, secondaryKey: keys.secondary)
/// ```
public struct WebhookSignatureKeys: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The primary key.
    public var primary: String
    /// The secondary key.
    public var secondary: String

    /// Creates a key pair.
    public init(primary: String, secondary: String) {
        self.primary = primary
        self.secondary = secondary
    }

    /// `WebhookSignatureKeys(<redacted>)`: never the keys.
    public var description: String { "WebhookSignatureKeys(<redacted>)" }

    /// A mirror without the keys.
    public var customMirror: Mirror { Mirror(self, children: ["keys": "<redacted>"]) }
}

/// A public key registered with a JWT app: assertions whose header names `keyId` as their
/// `kid` are verified with it.
///
/// ```swift
/// configuration.jwtClient.jwtPublicKeys.append(JWTPublicKey(keyId: "key-2", pem: publicKeyPEM))
/// ```
public struct JWTPublicKey: Sendable, Hashable {
    /// The key id, as in the assertion header's `kid`.
    public var keyId: String
    /// Where the key comes from: PEM text, or the server's own JWT app key, generated on
    /// first use.
    var source: Source

    enum Source: Sendable {
        case pem(String)
        case generated(GeneratedRSAKey)
    }

    /// Creates a key.
    public init(keyId: String, pem: String) {
        self.keyId = keyId
        self.source = .pem(pem)
    }

    /// The public half of the server's own JWT app key, which is generated when first needed.
    init(keyId: String, generated key: GeneratedRSAKey) {
        self.keyId = keyId
        self.source = .generated(key)
    }

    /// The RSA public key in PEM (`BEGIN PUBLIC KEY` or `BEGIN RSA PUBLIC KEY`). For the
    /// server's own JWT app key, reading it generates the key if that has not happened yet
    /// (empty in the practically impossible case that generating fails).
    public var pem: String {
        get {
            switch source {
            case .pem(let text): return text
            case .generated(let key): return key.publicKeyPEM() ?? ""
            }
        }
        set { source = .pem(newValue) }
    }

    /// Keys are equal when their ids and PEM texts are.
    public static func == (lhs: JWTPublicKey, rhs: JWTPublicKey) -> Bool {
        lhs.keyId == rhs.keyId && lhs.pem == rhs.pem
    }

    /// Hashes the key id and PEM text.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(keyId)
        hasher.combine(pem)
    }
}

/// OAuth 2.0 grant types understood by `/oauth2/token`.
public enum GrantType: String, Sendable, Hashable, CaseIterable {
    /// `authorization_code`.
    case authorizationCode = "authorization_code"
    /// `refresh_token`.
    case refreshToken = "refresh_token"
    /// `client_credentials` (Box CCG).
    case clientCredentials = "client_credentials"
    /// Token exchange (downscoping).
    case tokenExchange = "urn:ietf:params:oauth:grant-type:token-exchange"
    /// JWT bearer (RFC 7523): the client signs an assertion with its private key.
    case jwtBearer = "urn:ietf:params:oauth:grant-type:jwt-bearer"
}

extension BoxLikeServerConfiguration: CustomStringConvertible {
    /// Describes the configuration without client secrets.
    public var description: String {
        "BoxLikeServerConfiguration(host: \(host), port: \(port), accessTokenLifetime: \(accessTokenLifetime), "
            + "rateLimitPerSecond: \(rateLimitPerSecond.map(String.init) ?? "off"), uploadPartSize: \(uploadPartSize), "
            + "clients: \(allClients.map(\.description)))"
    }
}

extension RegisteredClient: CustomStringConvertible {
    /// Describes the client without its secret.
    public var description: String {
        "RegisteredClient(id: \(id), confidential: \(secret != nil), redirectURIs: \(redirectURIs)"
            + (jwtPublicKeys.isEmpty ? "" : ", jwtKeyIds: \(jwtPublicKeys.map(\.keyId))") + ")"
    }
}

/// The certificate an HTTPS ``BoxLikeServer`` presents.
///
/// ```swift
/// var configuration = BoxLikeServerConfiguration()
/// configuration.tls = ServerTLS(certificateChainPEM: chain, privateKeyPEM: key, hostName: "localhost")
/// ```
public struct ServerTLS: Sendable, CustomStringConvertible {
    /// The certificate chain, leaf first, as PEM.
    public var certificateChainPEM: String
    /// The certificate's private key, unencrypted PEM.
    public var privateKeyPEM: String
    /// The host name in the server's URLs (a name the certificate is issued for, such as
    /// `localhost`); the bound address when `nil`.
    public var hostName: String?
    /// Certificate authorities whose client certificates the server requires (mutual TLS), as
    /// PEM; `nil` asks for no client certificate.
    public var clientCertificateAuthorityPEM: String?

    /// Creates the settings.
    public init(certificateChainPEM: String, privateKeyPEM: String, hostName: String? = nil,
                clientCertificateAuthorityPEM: String? = nil) {
        self.certificateChainPEM = certificateChainPEM
        self.privateKeyPEM = privateKeyPEM
        self.hostName = hostName
        self.clientCertificateAuthorityPEM = clientCertificateAuthorityPEM
    }

    /// The host name only; never the key.
    public var description: String { "ServerTLS(hostName: \(hostName ?? "-"))" }
}
