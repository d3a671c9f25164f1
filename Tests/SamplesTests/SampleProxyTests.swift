import BoxLikeNetworkTestSupport
import BoxLikeServer
import Foundation
import Testing

/// A sample started with `--proxy-from-environment` reaches the server through the proxy its
/// process environment names, as curl would: the environment proxy end to end, read from a
/// real process environment and sent through a real proxy (tinyproxy).
@Suite("Samples through an environment proxy")
struct SampleProxyTests {
    static let username = "sample-proxy-user"
    static let password = "sample-proxy-pass-41c2"

    @Test func httpProxyInTheEnvironmentCarriesTheSamplesRequests() async throws {
        try await TinyProxy.withRunning(username: Self.username, password: Self.password) { proxy in
            try await BoxLikeServer.withRunning { server in
                let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
                let result = try await SamplesTests.run("sample-developer-token", [
                    "--base-url", server.apiBaseURL, "--developer-token", token, "--proxy-from-environment",
                ], environment: ["HTTP_PROXY": "http://\(Self.username):\(Self.password)@127.0.0.1:\(proxy.port)"])
                #expect(result.status == 0, "\(result.output)")
                #expect(result.output.contains("Signed in as"))
                #expect(proxy.log.contains("CONNECT 127.0.0.1:\(server.port)"), "\(proxy.log)")
                #expect(!result.output.contains(Self.password), "proxy credentials never reach the output")
            }
        }
    }

    @Test func aHostInNoProxyIsReachedDirectly() async throws {
        try await TinyProxy.withRunning(username: Self.username, password: Self.password) { proxy in
            try await BoxLikeServer.withRunning { server in
                let token = try await server.mintDeveloperToken(userId: server.seed.adminUser.id)
                let result = try await SamplesTests.run("sample-developer-token", [
                    "--base-url", server.apiBaseURL, "--developer-token", token, "--proxy-from-environment",
                ], environment: [
                    "HTTP_PROXY": "http://\(Self.username):\(Self.password)@127.0.0.1:\(proxy.port)",
                    "NO_PROXY": "localhost,127.0.0.1",
                ])
                #expect(result.status == 0, "\(result.output)")
                #expect(!proxy.log.contains("CONNECT 127.0.0.1:\(server.port)"), "\(proxy.log)")
            }
        }
    }
}
