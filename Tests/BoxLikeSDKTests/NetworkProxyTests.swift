import BoxLikeNetworkTestSupport
import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// The default transport through a real HTTP proxy (tinyproxy) on loopback.
@Suite("Proxy")
struct NetworkProxyTests {
    static let username = "boxlike-proxy-user"
    static let password = "proxy-pass-7f3a9c"

    private func makeClient(_ server: BoxLikeServer, proxyPort: Int, password: String? = Self.password,
                        tls: TLSOptions? = nil, logger: LogCapture? = nil) async throws -> BoxClient {
        var session = server.networkSession(maxAttempts: 3, logger: logger?.logger(label: "proxy-test"))
        session.proxy = .http(host: "127.0.0.1", port: proxyPort,
                              credentials: password.map { ProxyCredentials(username: Self.username, password: $0) })
        session.tls = tls
        let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
        return BoxClient(auth: BoxDeveloperTokenAuth(token: token), networkSession: session)
    }

    @Test func plainHTTPRequestsGoThroughTheProxy() async throws {
        try await TinyProxy.withRunning(username: Self.username, password: Self.password) { proxy in
            try await withLoopbackServer { server in
                let client = try await makeClient(server, proxyPort: proxy.port)
                let me = try await client.users.getUserMe()
                #expect(me.id == server.seed.adminUser.id)
                // AsyncHTTPClient reaches plain-HTTP servers through a CONNECT tunnel as well.
                #expect(proxy.log.contains("CONNECT 127.0.0.1:\(server.port)"))
                let entry = try #require(await server.requestLog.entries(method: "GET", path: .exact("/2.0/users/me")).first)
                #expect(entry.headers["proxy-authorization"] == nil)
            }
        }
    }

    @Test func httpsRequestsGoThroughAConnectTunnel() async throws {
        let pki = try TestCertificates.load()
        try await TinyProxy.withRunning(username: Self.username, password: Self.password) { proxy in
            try await withLoopbackServer({ $0.tls = pki.serverTLS() }) { server in
                let client = try await makeClient(server, proxyPort: proxy.port, tls: .trusting(caFile: pki.caFile))
                let me = try await client.users.getUserMe()
                #expect(me.id == server.seed.adminUser.id)
                #expect(proxy.log.contains("CONNECT localhost:\(server.port)"))
            }
        }
    }

    @Test func wrongProxyCredentialsOnPlainHTTPAreATypedErrorAndReachNoServer() async throws {
        try await TinyProxy.withRunning(username: Self.username, password: Self.password) { proxy in
            try await withLoopbackServer { server in
                let capture = LogCapture()
                let client = try await makeClient(server, proxyPort: proxy.port, password: "wrong-\(Self.password)", logger: capture)
                let error = await #expect(throws: BoxNetworkError.self) { try await client.users.getUserMe() }
                #expect(error?.kind == .proxy)
                // tinyproxy refuses bad credentials with 401 rather than 407, which
                // AsyncHTTPClient reports as a refused tunnel.
                #expect(error?.proxyFailure == .authenticationRequired || error?.proxyFailure == .tunnelRefused)
                #expect(error?.attempts == 1)
                #expect(await server.requestLog.all.isEmpty)
                #expect(proxy.log.contains("CONNECT 127.0.0.1:\(server.port)"))
                #expect(error.map { String(describing: $0).contains(Self.password) } == false)
                #expect(capture.linesLeaking([Self.password, "wrong-\(Self.password)"]).isEmpty)
            }
        }
    }

    @Test func wrongProxyCredentialsOnATunnelAreATypedErrorAndReachNoServer() async throws {
        let pki = try TestCertificates.load()
        try await TinyProxy.withRunning(username: Self.username, password: Self.password) { proxy in
            try await withLoopbackServer({ $0.tls = pki.serverTLS() }) { server in
                let client = try await makeClient(server, proxyPort: proxy.port, password: "wrong",
                                              tls: .trusting(caFile: pki.caFile))
                let error = await #expect(throws: BoxNetworkError.self) { try await client.users.getUserMe() }
                #expect(error?.kind == .proxy)
                // tinyproxy answers a CONNECT with bad credentials 401 rather than 407, which
                // AsyncHTTPClient reports as a refused tunnel.
                #expect(error?.proxyFailure == .authenticationRequired || error?.proxyFailure == .tunnelRefused)
                #expect(error?.attempts == 1)
                #expect(await server.requestLog.all.isEmpty)
            }
        }
    }

    @Test func aProxyThatRefusesConnectionsIsATypedError() async throws {
        try await withLoopbackServer { server in
            let client = try await makeClient(server, proxyPort: try TinyProxy.freeLoopbackPort())
            let error = await #expect(throws: BoxNetworkError.self) { try await client.users.getUserMe() }
            #expect(error?.kind == .proxy)
            #expect(error?.proxyFailure == .unreachable)
            #expect(await server.requestLog.all.isEmpty)
        }
    }

    @Test func aTunnelTheProxyCannotOpenIsATypedError() async throws {
        try await TinyProxy.withRunning(username: Self.username, password: Self.password) { proxy in
            var session = NetworkSession(baseUrls: .singleOrigin(URL(string: "https://localhost:\(try TinyProxy.freeLoopbackPort())")!),
                                         retryPolicy: .none)
            session.proxy = .http(host: "127.0.0.1", port: proxy.port,
                                  credentials: ProxyCredentials(username: Self.username, password: Self.password))
            let client = BoxClient(auth: BoxDeveloperTokenAuth(token: "unused"), networkSession: session)
            let error = await #expect(throws: BoxNetworkError.self) { try await client.users.getUserMe() }
            #expect(error?.kind == .proxy)
            #expect(error?.proxyFailure == .tunnelRefused)
            #expect(proxy.log.contains("CONNECT localhost:"))
        }
    }

    @Test func proxyCredentialsNeverAppearInDescriptions() {
        let proxy = NetworkProxy.http(host: "proxy.internal", port: 3128,
                                      credentials: ProxyCredentials(username: "svc-user", password: Self.password))
        var session = NetworkSession()
        session.proxy = proxy
        var dumped = ""
        dump(session, to: &dumped)
        dump(proxy, to: &dumped)
        for text in [String(describing: proxy), String(reflecting: proxy), dumped] {
            #expect(!text.contains(Self.password))
            #expect(!text.contains("svc-user"))
        }
    }

    @Test func theEnvironmentProxyFollowsTheSchemeAndNoProxy() throws {
        let environment = [
            "HTTPS_PROXY": "http://user:p%40ss@secure-proxy:3128",
            "http_proxy": "plain-proxy:8080",
            "NO_PROXY": "localhost,.internal.example, 10.0.0.1",
        ]
        let https = try NetworkProxy.environment.server(for: URL(string: "https://api.box.com/2.0")!, environment: environment)
        #expect(https?.host == "secure-proxy")
        #expect(https?.port == 3128)
        #expect(https?.credentials == ProxyCredentials(username: "user", password: "p@ss"))
        let http = try NetworkProxy.environment.server(for: URL(string: "http://api.box.com/2.0")!, environment: environment)
        #expect(http?.host == "plain-proxy")
        #expect(http?.port == 8080)
        #expect(http?.credentials == nil)
        for bypassed in ["https://localhost:8443/x", "https://files.internal.example/x", "https://internal.example/x",
                         "http://10.0.0.1/x"] {
            #expect(try NetworkProxy.environment.server(for: URL(string: bypassed)!, environment: environment) == nil)
        }
        #expect(try NetworkProxy.environment.server(for: URL(string: "https://api.box.com")!,
                                                    environment: ["NO_PROXY": "*", "HTTPS_PROXY": "p:1"]) == nil)
        #expect(try NetworkProxy.environment.server(for: URL(string: "https://api.box.com")!, environment: [:]) == nil)
        #expect(throws: BoxSDKError.self) {
            try NetworkProxy.environment.server(for: URL(string: "https://api.box.com")!, environment: ["HTTPS_PROXY": "socks5://p:1"])
        }
    }
}
