import Crypto
import Foundation
import Testing
import _CryptoExtras
@testable import BoxLikeServer

/// The JWT-bearer grant as the server checks it, with assertions signed here by the key
/// the server generated for its JWT app.
@Suite("JWT-bearer grant")
struct JWTGrantTests {
    static let grantType = "urn:ietf:params:oauth:grant-type:jwt-bearer"

    /// A compact JWT: `header` and `claims` as given, signed with `key` by RS256.
    static func sign(header: [String: Any], claims: [String: Any], key: _RSA.Signing.PrivateKey) throws -> String {
        func encode(_ bytes: some Sequence<UInt8>) -> String {
            Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        let input = encode(try JSONSerialization.data(withJSONObject: header)) + "."
            + encode(try JSONSerialization.data(withJSONObject: claims))
        let signature = try key.signature(for: SHA256.hash(data: Array(input.utf8)), padding: .insecurePKCS1v1_5)
        return input + "." + encode(signature.rawRepresentation)
    }

    /// A claim's replacement in a test.
    enum Claim: Sendable {
        case string(String)
        case int(Int)
        /// Seconds from now.
        case secondsFromNow(Int)
        case removed
    }

    /// The server's time in whole seconds since 1970: claims are dated by the server's clock.
    static func seconds(_ server: BoxLikeServer) -> Int {
        Int(server.configuration.clock.now().timeIntervalSince1970)
    }

    /// A server whose time stands still unless a test moves it: on a loaded machine a request
    /// can wait longer than an assertion's 30 seconds, and the expiry rules are about the
    /// server's time, not the wall clock.
    static func withJWTServer<T>(key: JWTAppKey? = sharedKey, _ body: (BoxLikeServer) async throws -> T) async throws -> T {
        var configuration = BoxLikeServerConfiguration()
        configuration.clock = .manual(ManualServerClock())
        configuration.jwtAppKey = key
        return try await withTestServer(configuration, body)
    }

    /// One key for the servers of these tests (made once: tenths of a second in a debug
    /// build); ``everyServerGeneratesItsOwnKeyPair()`` starts servers without it.
    static let sharedKey = JWTAppKey()

    /// Valid claims for the enterprise, with `changes` applied.
    static func claims(_ server: BoxLikeServer, _ changes: [String: Claim] = [:]) -> [String: Any] {
        var claims: [String: Any] = [
            "iss": server.seed.jwtClient.id, "sub": server.seed.enterpriseId, "box_sub_type": "enterprise",
            "aud": server.tokenURL, "jti": UUID().uuidString, "exp": seconds(server) + 30,
        ]
        for (name, value) in changes {
            switch value {
            case .string(let text): claims[name] = text
            case .int(let number): claims[name] = number
            case .secondsFromNow(let offset): claims[name] = seconds(server) + offset
            case .removed: claims[name] = nil
            }
        }
        return claims
    }

    /// Posts `assertion` with the JWT app's credentials.
    static func post(_ server: BoxLikeServer, assertion: String) async throws -> HTTPResult {
        try await server.token([
            ("grant_type", grantType), ("client_id", server.seed.jwtClient.id),
            ("client_secret", server.seed.jwtClient.secret ?? ""), ("assertion", assertion),
        ])
    }

    /// Posts a validly signed assertion with `header` changes and claim `changes`.
    static func post(_ server: BoxLikeServer, header: [String: String] = [:], _ changes: [String: Claim] = [:]) async throws -> HTTPResult {
        let fullHeader: [String: Any] = ["alg": "RS256", "typ": "JWT", "kid": server.seed.jwtKeyId].merging(header) { $1 }
        // The key is made on first use, which can take seconds on a loaded machine: make it
        // before the claims, so their 30 seconds start when the assertion is ready to send.
        let key = try server.jwtKeyPair.privateKey
        return try await post(server, assertion: sign(header: fullHeader, claims: claims(server, changes), key: key))
    }

    @Test func aValidAssertionGetsATokenForTheServiceAccount() async throws {
        try await Self.withJWTServer { server in
            let result = try await Self.post(server)
            #expect(result.status == 200, "\(result.text)")
            let token = try #require(result.json?["access_token"]?.stringValue)
            let me = try await server.api(.GET, "/users/me", token: token)
            #expect(me.json?["id"]?.stringValue == server.seed.serviceAccount.id)
            #expect(result.json?["refresh_token"] == nil)
        }
    }

    @Test func anAssertionForBoxsOwnTokenURLIsAccepted() async throws {
        // Box's SDKs sign for https://api.box.com/oauth2/token whatever base URL they use.
        try await Self.withJWTServer { server in
            let result = try await Self.post(server, ["aud": .string("https://api.box.com/oauth2/token")])
            #expect(result.status == 200, "\(result.text)")
            let token = try #require(result.json?["access_token"]?.stringValue)
            #expect(try await server.api(.GET, "/users/me", token: token).json?["id"]?.stringValue == server.seed.serviceAccount.id)
        }
    }

    @Test func aUserSubjectGetsThatUsersToken() async throws {
        try await Self.withJWTServer { server in
            let user = server.seed.appUsers[1]
            let result = try await Self.post(server, ["box_sub_type": .string("user"), "sub": .string(user.id)])
            let token = try #require(result.json?["access_token"]?.stringValue)
            #expect(try await server.api(.GET, "/users/me", token: token).json?["id"]?.stringValue == user.id)
        }
    }

    @Test func aReusedJTIIsRejected() async throws {
        try await Self.withJWTServer { server in
            let key = try server.jwtKeyPair.privateKey
            let assertion = try Self.sign(
                header: ["alg": "RS256", "typ": "JWT", "kid": server.seed.jwtKeyId], claims: Self.claims(server), key: key)
            #expect(try await Self.post(server, assertion: assertion).status == 200)
            let replay = try await Self.post(server, assertion: assertion)
            #expect(replay.status == 400)
            #expect(replay.json?["error"] == "invalid_grant")
            #expect(replay.json?["error_description"]?.stringValue?.contains("'jti'") == true)
        }
    }

    @Test(arguments: [
        ("an expired exp", ["exp": .secondsFromNow(-5)], "'exp'"),
        ("an exp more than 60 s ahead", ["exp": .secondsFromNow(600)], "'exp'"),
        ("no exp", ["exp": .removed], "'exp'"),
        ("another audience", ["aud": .string("https://elsewhere.example/oauth2/token")], "'aud'"),
        ("another issuer", ["iss": .string("someone-else")], "'iss'"),
        ("a short jti", ["jti": .string("short")], "'jti'"),
        ("a numeric jti", ["jti": .int(12_345_678_901_234_567)], "'jti'"),
        ("an unknown subject type", ["box_sub_type": .string("group")], "'box_sub_type'"),
        ("another enterprise", ["sub": .string("999999")], "'sub'"),
        ("an unknown user", ["box_sub_type": .string("user"), "sub": .string("999999")], "'sub'"),
    ] as [(String, [String: Claim], String)])
    func anAssertionWithABadClaimIsInvalidGrantNamingIt(_ what: String, changes: [String: Claim], named claim: String) async throws {
        try await Self.withJWTServer { server in
            let result = try await Self.post(server, changes)
            #expect(result.status == 400, "\(what)")
            #expect(result.json?["error"] == "invalid_grant", "\(what)")
            #expect(result.json?["error_description"]?.stringValue?.contains(claim) == true, "\(what): \(result.text)")
            #expect(result.header("Date") != nil, "the Date header lets a client correct its clock")
        }
    }

    @Test func anUnknownKeyIdIsRejected() async throws {
        try await Self.withJWTServer { server in
            let result = try await Self.post(server, header: ["kid": "not-registered"])
            #expect(result.json?["error"] == "invalid_grant")
            #expect(result.json?["error_description"]?.stringValue?.contains("'kid'") == true)
        }
    }

    @Test func anUnsignedOrForeignSignedAssertionIsRejected() async throws {
        try await Self.withJWTServer { server in
            let none = try await Self.post(server, header: ["alg": "none"])
            #expect(none.json?["error_description"]?.stringValue?.contains("'alg'") == true)
            let foreign = try _RSA.Signing.PrivateKey(keySize: .bits2048)
            let forged = try Self.sign(header: ["alg": "RS256", "typ": "JWT", "kid": server.seed.jwtKeyId],
                                       claims: Self.claims(server), key: foreign)
            let result = try await Self.post(server, assertion: forged)
            #expect(result.json?["error"] == "invalid_grant")
            #expect(result.json?["error_description"]?.stringValue?.contains("Signature verification") == true)
            let garbage = try await Self.post(server, assertion: "not.a.jwt")
            #expect(garbage.json?["error"] == "invalid_grant")
        }
    }

    @Test func theLogShowsTheClaimsButNeverTheAssertion() async throws {
        try await Self.withJWTServer { server in
            _ = try await Self.post(server, ["jti": .string("a-unique-id-of-some-length")])
            let entry = try #require(await server.requestLog.entries(method: "POST", path: .exact("/oauth2/token")).first)
            #expect(entry.formParameters["assertion"] == "***")
            #expect(entry.assertionClaims["jti"] == "a-unique-id-of-some-length")
            #expect(entry.assertionClaims["header.kid"] == server.seed.jwtKeyId)
            #expect(!entry.assertionClaims.keys.contains("signature"))
        }
    }

    @Test func theAppSettingsCarryTheKeyEncryptedWithPBES2() async throws {
        try await Self.withJWTServer { server in
            let json = try server.jwtAppConfigJSON()
            let settings = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let app = try #require(settings["boxAppSettings"] as? [String: Any])
            let auth = try #require(app["appAuth"] as? [String: Any])
            #expect(app["clientID"] as? String == server.seed.jwtClient.id)
            #expect(auth["publicKeyID"] as? String == server.seed.jwtKeyId)
            #expect((auth["privateKey"] as? String)?.hasPrefix("-----BEGIN ENCRYPTED PRIVATE KEY-----\n") == true)
            #expect(((auth["passphrase"] as? String)?.count ?? 0) >= 16)
            #expect(settings["enterpriseID"] as? String == server.seed.enterpriseId)
            #expect(!server.configuration.description.contains(server.jwtKeyPair.passphrase))
        }
    }

    @Test func theKeyIsGeneratedOnlyWhenSomethingNeedsIt() async throws {
        try await Self.withJWTServer(key: nil) { server in
            // A server that only ever sees other grants spends no CPU on an RSA key.
            let token = try await server.ccgToken(userId: server.seed.adminUser.id)
            #expect(try await server.api(.GET, "/users/me", token: token).status == 200)
            #expect(!server.jwtKeyPair.key.isGenerated)

            // The app settings need it; the key the app registered is that same key.
            let settings = try server.jwtAppConfigJSON()
            #expect(server.jwtKeyPair.key.isGenerated)
            #expect(settings.contains("BEGIN ENCRYPTED PRIVATE KEY"))
            let registered = try #require(server.seed.jwtClient.jwtPublicKeys.first { $0.keyId == server.seed.jwtKeyId })
            #expect(registered.pem == (try server.jwtKeyPair.privateKey.publicKey.pemRepresentation))
        }
    }

    @Test func everyServerGeneratesItsOwnKeyPair() async throws {
        try await Self.withJWTServer(key: nil) { first in
            try await Self.withJWTServer(key: nil) { second in
                #expect(first.seed.jwtKeyId != second.seed.jwtKeyId)
                #expect(first.seed.jwtClient.jwtPublicKeys.map(\.pem) != second.seed.jwtClient.jwtPublicKeys.map(\.pem))
                // An assertion signed with one server's key is refused by the other.
                let assertion = try Self.sign(
                    header: ["alg": "RS256", "typ": "JWT", "kid": first.seed.jwtKeyId], claims: Self.claims(second),
                    key: first.jwtKeyPair.privateKey)
                #expect(try await Self.post(second, assertion: assertion).status == 400)
            }
        }
    }

    @Test func serversGivenOneKeyShareItUnderKeyIdsOfTheirOwn() async throws {
        let key = JWTAppKey()
        try await Self.withJWTServer(key: key) { first in
            try await Self.withJWTServer(key: key) { second in
                #expect(first.seed.jwtKeyId != second.seed.jwtKeyId)
                #expect(try first.jwtKeyPair.privateKey.derRepresentation == second.jwtKeyPair.privateKey.derRepresentation)
                // Each server accepts an assertion signed with the shared key under its own key id.
                let assertion = try Self.sign(
                    header: ["alg": "RS256", "typ": "JWT", "kid": second.seed.jwtKeyId], claims: Self.claims(second),
                    key: first.jwtKeyPair.privateKey)
                #expect(try await Self.post(second, assertion: assertion).status == 200)
            }
        }
    }

    @Test func aKeyFromPEMIsTheSeededAppsKey() async throws {
        let made = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let key = try JWTAppKey(pemRepresentation: made.pemRepresentation)
        #expect(!"\(key)".contains("PRIVATE KEY"))
        try await Self.withJWTServer(key: key) { server in
            let seeded = try server.jwtKeyPair.privateKey
            #expect(seeded.derRepresentation == made.derRepresentation)
            #expect(server.seed.jwtClient.jwtPublicKeys.map(\.pem) == [made.publicKey.pemRepresentation])
        }
    }

    @Test func aPEMWithoutAnRSAPrivateKeyIsRefused() {
        #expect(throws: BoxLikeServerError.invalidJWTAppKey) { try JWTAppKey(pemRepresentation: "-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n") }
    }
}
