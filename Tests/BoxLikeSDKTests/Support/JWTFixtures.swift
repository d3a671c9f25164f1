import BoxLikeSDK
import BoxLikeServer
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import Testing

/// The OpenSSL-made keys under `Fixtures/jwt` (see its README).
enum JWTFixtures {
    /// The passphrase of every encrypted fixture.
    static let passphrase = "boxlike-fixture-passphrase"
    /// The key id the 2048-bit fixture key is registered under.
    static let keyId2048 = "fixture-rsa-2048"
    /// The key id the 4096-bit fixture key is registered under.
    static let keyId4096 = "fixture-rsa-4096"

    /// A fixture's text.
    static func pem(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "pem", subdirectory: "Fixtures/jwt"),
                               "missing fixture \(name).pem")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Registers the fixtures' public keys with the server's JWT app.
    static func registerKeys(_ configuration: inout BoxLikeServerConfiguration) {
        for (keyId, name) in [(keyId2048, "rsa2048-public"), (keyId4096, "rsa4096-public")] {
            if let pem = try? pem(name) {
                configuration.jwtClient.jwtPublicKeys.append(JWTPublicKey(keyId: keyId, pem: pem))
            }
        }
    }

    /// The lines of base64 inside a PEM block: what must never appear in a log.
    static func keyMaterialLines(_ pem: String) -> [String] {
        pem.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("-----") && $0.count >= 40 }
    }
}

/// Passes requests on and keeps the form body of every token request, so a test can replay
/// one exactly as the SDK sent it.
final class TokenRequestRecorder: ClientTransport {
    private let bodies = Mutex<[[UInt8]]>([])
    /// Where requests go on to.
    private let base: any ClientTransport

    /// A recorder passing requests on to `base` (the SDK's default transport unless given).
    init(base: (any ClientTransport)? = nil) {
        self.base = base ?? DefaultTransport.shared
    }

    /// The token request bodies sent so far, oldest first.
    var tokenRequestBodies: [[UInt8]] { bodies.withLock { $0 } }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL,
              operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        guard request.path == "/oauth2/token", let body else {
            return try await base.send(request, body: body, baseURL: baseURL, operationID: operationID)
        }
        let bytes = try await [UInt8](collecting: body, upTo: 1 << 20)
        bodies.withLock { $0.append(bytes) }
        return try await base.send(request, body: HTTPBody(bytes), baseURL: baseURL, operationID: operationID)
    }
}

extension AuthTestHarness {
    /// The seeded JWT app's settings, with the key the server generated at start.
    func serverJWTConfig(userId: String? = nil, storage: any TokenStorage = InMemoryTokenStorage()) throws -> JWTConfig {
        let json = try server.jwtAppConfigJSON()
        var config = try JWTConfig.fromConfigJSONString(json, tokenStorage: storage)
        config.userId = userId
        rememberJWTSecrets(config)
        return config
    }

    /// A config for the seeded JWT app signing with an OpenSSL fixture key.
    func fixtureJWTConfig(_ fixture: String, keyId: String = JWTFixtures.keyId2048,
                          algorithm: JWTAlgorithm = .rs256) throws -> JWTConfig {
        let client = server.seed.jwtClient
        let config = JWTConfig(clientId: client.id, clientSecret: client.secret ?? "", jwtKeyId: keyId,
                               privateKey: try JWTFixtures.pem(fixture), privateKeyPassphrase: JWTFixtures.passphrase,
                               enterpriseId: server.seed.enterpriseId, algorithm: algorithm)
        rememberJWTSecrets(config)
        return config
    }

    /// Marks a config's secrets (client secret, passphrase, key material) as never to be logged.
    func rememberJWTSecrets(_ config: JWTConfig) {
        remember(config.clientSecret, config.privateKeyPassphrase)
        for line in JWTFixtures.keyMaterialLines(config.privateKey) { remember(line) }
    }

    /// A strategy for `config` on the harness's session.
    func jwtAuth(_ config: JWTConfig, session: NetworkSession? = nil) -> BoxJWTAuth {
        BoxJWTAuth(config: config, networkSession: session ?? self.session, logger: authLogger)
    }

    /// The `POST /oauth2/token` requests the server saw with the JWT-bearer grant.
    func jwtTokenRequests() async -> [RequestLogEntry] {
        await server.requestLog.entries(method: "POST", path: .exact("/oauth2/token"))
            .filter { $0.grantType == "urn:ietf:params:oauth:grant-type:jwt-bearer" }
    }
}
