import ArgumentParser
import BoxLikeSDK
import BoxLikeServer
import Foundation

/// Where a sample connects and with which credentials: flags first, then `BOX_*`
/// environment variables. With no base URL at all, the sample starts the local Box-style
/// server in-process and uses its seeded clients and users.
public struct ConnectionOptions: ParsableArguments, Sendable {
    /// The API base URL (`BOX_BASE_URL`).
    @Option(name: .long, help: "API base URL, e.g. https://api.boxlike.example/2.0 (env BOX_BASE_URL).")
    public var baseUrl: String?

    /// The upload base URL (`BOX_UPLOAD_URL`).
    @Option(name: .long, help: "Upload base URL (env BOX_UPLOAD_URL).")
    public var uploadUrl: String?

    /// The OAuth 2.0 base URL serving /oauth2/token (`BOX_OAUTH2_URL`).
    @Option(name: .customLong("oauth2-url"), help: "OAuth 2.0 base URL serving /oauth2/token (env BOX_OAUTH2_URL).")
    public var oauth2Url: String?

    /// The browser authorization page (`BOX_AUTHORIZE_URL`).
    @Option(name: .long, help: "Browser authorization page (env BOX_AUTHORIZE_URL).")
    public var authorizeUrl: String?

    /// The application's client id (`BOX_CLIENT_ID`).
    @Option(name: .long, help: "Client id (env BOX_CLIENT_ID).")
    public var clientId: String?

    /// The application's client secret (`BOX_CLIENT_SECRET`).
    @Option(name: .long, help: "Client secret (env BOX_CLIENT_SECRET).")
    public var clientSecret: String?

    /// The enterprise id for CCG (`BOX_ENTERPRISE_ID`).
    @Option(name: .long, help: "Enterprise id for the Client Credentials Grant (env BOX_ENTERPRISE_ID).")
    public var enterpriseId: String?

    /// A user id (`BOX_USER_ID`).
    @Option(name: .long, help: "User id for CCG user subject (env BOX_USER_ID).")
    public var userId: String?

    /// A developer token (`BOX_DEVELOPER_TOKEN`).
    @Option(name: .long, help: "Developer token (env BOX_DEVELOPER_TOKEN).")
    public var developerToken: String?

    /// A PEM file of certificate authorities to trust beside the system's (`BOX_CA_FILE`), for
    /// servers whose certificate is issued by a private authority.
    @Option(name: .customLong("ca-file"), help: "PEM file of extra certificate authorities to trust (env BOX_CA_FILE).")
    public var caFile: String?

    /// Whether to reach the server through the proxy the environment names (`HTTPS_PROXY`,
    /// `HTTP_PROXY`, `NO_PROXY`, as curl reads them; `BOX_PROXY_FROM_ENVIRONMENT=1`).
    @Flag(name: .customLong("proxy-from-environment"),
          help: "Use the proxy HTTPS_PROXY / HTTP_PROXY name, except for NO_PROXY hosts (env BOX_PROXY_FROM_ENVIRONMENT=1).")
    public var proxyFromEnvironment = false

    /// Creates empty options (every value from the environment or the local server).
    public init() {}

    /// Runs `body` with a client signed in with the developer token, then closes the
    /// connection (stopping the local server it may have started) whether `body` succeeds or not.
    public func withDeveloperTokenClient(_ body: (BoxClient) async throws -> Void) async throws {
        let target = try await resolve()
        do {
            let token = try target.require(target.developerToken, "developer-token")
            try await body(BoxClient(auth: BoxDeveloperTokenAuth(token: token, networkSession: target.networkSession),
                                     networkSession: target.networkSession))
        } catch {
            await target.close()
            throw error
        }
        await target.close()
    }

    /// Resolves the options into a connection, starting the local server when no base URL
    /// was configured. Call ``SampleConnection/close()`` when done.
    public func resolve() async throws -> SampleConnection {
        let environment = ProcessInfo.processInfo.environment
        func value(_ flag: String?, _ name: String) -> String? {
            if let flag, !flag.isEmpty { return flag }
            if let env = environment[name], !env.isEmpty { return env }
            return nil
        }
        guard let base = value(baseUrl, "BOX_BASE_URL") else {
            return try await SampleConnection.local()
        }
        guard let baseURL = URL(string: base) else { throw ValidationError("'\(base)' is not a URL.") }
        let upload = value(uploadUrl, "BOX_UPLOAD_URL").flatMap(URL.init(string:)) ?? baseURL
        let oauth2 = value(oauth2Url, "BOX_OAUTH2_URL").flatMap(URL.init(string:)) ?? baseURL.deletingLastPathComponent()
        let authorize = value(authorizeUrl, "BOX_AUTHORIZE_URL").flatMap(URL.init(string:))
        let urls = BaseUrls(baseUrl: baseURL, uploadUrl: upload, oauth2Url: oauth2, authorizeUrl: authorize)
        var session = NetworkSession(baseUrls: urls)
        if let caFile = value(caFile, "BOX_CA_FILE") {
            session.tls = .trusting(caFile: caFile)
        }
        if proxyFromEnvironment || ["1", "true", "yes"].contains(environment["BOX_PROXY_FROM_ENVIRONMENT"]?.lowercased() ?? "") {
            session.proxy = .environment
        }
        return SampleConnection(
            networkSession: session,
            clientId: value(clientId, "BOX_CLIENT_ID"),
            clientSecret: value(clientSecret, "BOX_CLIENT_SECRET"),
            enterpriseId: value(enterpriseId, "BOX_ENTERPRISE_ID"),
            userId: value(userId, "BOX_USER_ID"),
            developerToken: value(developerToken, "BOX_DEVELOPER_TOKEN"),
            localServer: nil
        )
    }
}

/// A resolved connection: a network session and whatever credentials were configured.
public struct SampleConnection: Sendable {
    /// The session to pass to auths and clients.
    public var networkSession: NetworkSession
    /// The client id, if any.
    public var clientId: String?
    /// The client secret, if any.
    public var clientSecret: String?
    /// The enterprise id, if any.
    public var enterpriseId: String?
    /// A user id, if any.
    public var userId: String?
    /// A developer token, if any.
    public var developerToken: String?
    /// The in-process server, when the sample started one.
    public var localServer: BoxLikeServer?

    /// Starts the local server and fills in its seeded credentials (the CCG client; samples
    /// that need the OAuth client read it from ``localServer``).
    public static func local() async throws -> SampleConnection {
        var configuration = BoxLikeServerConfiguration()
        configuration.logger.logLevel = .error
        let server = try await BoxLikeServer.start(configuration)
        let origin = URL(string: server.origin) ?? URL(fileURLWithPath: "/")
        print("Started the local Box-style server at \(server.origin)")
        return SampleConnection(
            networkSession: NetworkSession(baseUrls: .singleOrigin(origin)),
            clientId: server.seed.ccgClient.id,
            clientSecret: server.seed.ccgClient.secret,
            enterpriseId: server.seed.enterpriseId,
            userId: server.seed.appUsers.first?.id,
            developerToken: try await server.mintDeveloperToken(userId: server.seed.adminUser.id),
            localServer: server
        )
    }

    /// A required value, or a clear error naming the flag and variable to set.
    public func require(_ value: String?, _ what: String) throws -> String {
        guard let value else {
            throw ValidationError("Missing \(what): pass --\(what) or set BOX_\(what.uppercased().replacingOccurrences(of: "-", with: "_")).")
        }
        return value
    }

    /// Stops the local server, if one was started.
    public func close() async {
        await localServer?.stop()
    }
}
