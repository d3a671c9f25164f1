import BoxLikeSDK
import BoxLikeServer
import Foundation
import Testing

/// Reading JWT app settings and private keys: what is accepted, and a distinct typed error for
/// each thing that is not.
@Suite struct JWTConfigTests {
    /// Box app settings JSON around `privateKey`, with `drop` left out.
    static func settings(privateKey: String, passphrase: String? = JWTFixtures.passphrase,
                         dropping drop: String? = nil) throws -> String {
        var appAuth: [String: Any] = ["publicKeyID": "kid-1", "privateKey": privateKey]
        if let passphrase { appAuth["passphrase"] = passphrase }
        var settings: [String: Any] = ["clientID": "client-1", "clientSecret": "client-secret-1", "appAuth": appAuth]
        var root: [String: Any] = ["boxAppSettings": settings, "enterpriseID": "12345"]
        switch drop {
        case "clientID", "clientSecret":
            settings[drop ?? ""] = nil
            root["boxAppSettings"] = settings
        case "publicKeyID", "privateKey":
            appAuth[drop ?? ""] = nil
            settings["appAuth"] = appAuth
            root["boxAppSettings"] = settings
        case "appAuth":
            settings["appAuth"] = nil
            root["boxAppSettings"] = settings
        default:
            break
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
    }

    /// The error reading `json` throws.
    static func loadError(_ json: String) -> JWTConfigError? {
        #expect(throws: JWTConfigError.self) { try JWTConfig.fromConfigJSONString(json) }
    }

    @Test func appSettingsAreReadIntoTheConfig() throws {
        let json = try Self.settings(privateKey: JWTFixtures.pem("rsa2048-encrypted-aes256-sha256"))
        let config = try JWTConfig.fromConfigJSONString(json)
        #expect(config.clientId == "client-1")
        #expect(config.clientSecret == "client-secret-1")
        #expect(config.jwtKeyId == "kid-1")
        #expect(config.privateKeyPassphrase == JWTFixtures.passphrase)
        #expect(config.enterpriseId == "12345")
        #expect(config.userId == nil)
        #expect(config.algorithm == .rs256)
    }

    @Test func theSettingsTheServerWritesAreReadWithTheKeyItGenerated() async throws {
        try await withServer { server in
            let config = try JWTConfig.fromConfigJSONString(try server.jwtAppConfigJSON())
            #expect(config.clientId == server.seed.jwtClient.id)
            #expect(config.jwtKeyId == server.seed.jwtKeyId)
            #expect(config.enterpriseId == server.seed.enterpriseId)
            #expect(config.privateKey.hasPrefix("-----BEGIN ENCRYPTED PRIVATE KEY-----"))
        }
    }

    @Test func aSettingsFileIsReadFromItsPath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-jwt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("config.json").path
        try Self.settings(privateKey: JWTFixtures.pem("rsa2048-pkcs8")).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try JWTConfig.fromConfigFile(path: path).clientId == "client-1")
    }

    @Test func aMissingSettingsFileIsUnreadable() {
        let error = #expect(throws: JWTConfigError.self) {
            try JWTConfig.fromConfigFile(path: "/nonexistent/boxlike/config.json")
        }
        #expect(error?.kind == .unreadableConfigFile)
    }

    @Test(arguments: ["not json", "[1, 2]", #"{"boxAppSettings": "text"}"#, ""])
    func textThatIsNotAppSettingsIsMalformed(json: String) {
        #expect(Self.loadError(json)?.kind == .malformedConfig)
    }

    @Test(arguments: [
        ("clientID", "boxAppSettings.clientID"), ("clientSecret", "boxAppSettings.clientSecret"),
        ("appAuth", "boxAppSettings.appAuth"), ("publicKeyID", "boxAppSettings.appAuth.publicKeyID"),
        ("privateKey", "boxAppSettings.appAuth.privateKey"),
    ])
    func aMissingFieldIsNamed(dropped: String, path: String) throws {
        let json = try Self.settings(privateKey: JWTFixtures.pem("rsa2048-pkcs8"), dropping: dropped)
        let error = Self.loadError(json)
        #expect(error?.kind == .missingField)
        #expect(error?.field == path)
        #expect(error?.message.contains(path) == true)
    }

    @Test func aWrongPassphraseIsReportedAsSuch() throws {
        let json = try Self.settings(privateKey: JWTFixtures.pem("rsa2048-encrypted-aes128-sha1"),
                                     passphrase: "wrong-passphrase")
        let error = Self.loadError(json)
        #expect(error?.kind == .wrongPassphrase)
        #expect(error.map { "\($0)".contains("wrong-passphrase") } == false)
    }

    @Test func anEncryptedKeyWithoutPassphraseNeedsOne() throws {
        let json = try Self.settings(privateKey: JWTFixtures.pem("rsa2048-encrypted-aes256-sha256"), passphrase: nil)
        #expect(Self.loadError(json)?.kind == .missingPassphrase)
    }

    @Test(arguments: ["rsa2048-public", "rsa4096-public"])
    func aPublicKeyIsTheWrongKindOfPEM(fixture: String) throws {
        let error = Self.loadError(try Self.settings(privateKey: JWTFixtures.pem(fixture)))
        #expect(error?.kind == .wrongPEMKind)
        #expect(error?.message.contains("PUBLIC KEY") == true)
    }

    @Test func textWithoutAPEMBlockIsTheWrongKind() throws {
        #expect(Self.loadError(try Self.settings(privateKey: "just some text"))?.kind == .wrongPEMKind)
    }

    @Test func aCorruptedPEMBodyIsAMalformedKey() throws {
        let pem = "-----BEGIN PRIVATE KEY-----\nMIIBVgIBADANBgkqhkiG9w0BAQEFAAS=\n-----END PRIVATE KEY-----\n"
        #expect(Self.loadError(try Self.settings(privateKey: pem))?.kind == .malformedPrivateKey)
    }

    @Test(arguments: ["ec-p256-pkcs8", "ec-p256-sec1", "ec-p256-encrypted"])
    func anECKeyIsAnUnsupportedAlgorithm(fixture: String) throws {
        let error = Self.loadError(try Self.settings(privateKey: JWTFixtures.pem(fixture)))
        #expect(error?.kind == .unsupportedKeyAlgorithm)
        #expect(error?.message.contains("EC") == true)
    }

    @Test func aThousandTwentyFourBitKeyIsAnUnsupportedSize() throws {
        let error = Self.loadError(try Self.settings(privateKey: JWTFixtures.pem("rsa1024-pkcs8")))
        #expect(error?.kind == .unsupportedKeySize)
        #expect(error?.message.contains("1024") == true)
    }

    @Test func legacyPEMEncryptionIsAnUnsupportedScheme() throws {
        let error = Self.loadError(try Self.settings(privateKey: JWTFixtures.pem("rsa2048-pkcs1-legacy-encrypted")))
        #expect(error?.kind == .unsupportedKeyEncryption)
    }

    @Test func aConfigWithoutSubjectSaysSo() async throws {
        var config = try JWTConfig.fromConfigJSONString(try Self.settings(privateKey: JWTFixtures.pem("rsa2048-pkcs8")))
        config.enterpriseId = nil
        let auth = BoxJWTAuth(config: config)
        let error = await #expect(throws: JWTConfigError.self) { try await auth.retrieveToken() }
        #expect(error?.kind == .missingSubject)
    }

    @Test func everyBadInputHasItsOwnKind() throws {
        let kinds: [JWTConfigError.Kind?] = [
            Self.loadError("not json")?.kind,
            Self.loadError(try Self.settings(privateKey: JWTFixtures.pem("rsa2048-pkcs8"), dropping: "privateKey"))?.kind,
            Self.loadError(try Self.settings(privateKey: JWTFixtures.pem("rsa2048-encrypted-aes256-sha256"),
                                             passphrase: "wrong"))?.kind,
            Self.loadError(try Self.settings(privateKey: JWTFixtures.pem("rsa2048-public")))?.kind,
            Self.loadError(try Self.settings(privateKey: JWTFixtures.pem("ec-p256-pkcs8")))?.kind,
            Self.loadError(try Self.settings(privateKey: JWTFixtures.pem("rsa1024-pkcs8")))?.kind,
        ]
        #expect(!kinds.contains(nil))
        #expect(Set(kinds.compactMap { $0 }).count == kinds.count)
    }

    @Test func neitherDescriptionNorDumpShowsTheKeyThePassphraseOrTheSecret() throws {
        let pem = try JWTFixtures.pem("rsa2048-encrypted-aes256-sha256")
        let config = try JWTConfig.fromConfigJSONString(try Self.settings(privateKey: pem))
        let auth = BoxJWTAuth(config: config)
        var dumped = ""
        dump(config, to: &dumped)
        var dumpedAuth = ""
        dump(auth, to: &dumpedAuth)
        let secrets = [JWTFixtures.passphrase, "client-secret-1"] + JWTFixtures.keyMaterialLines(pem)
        for text in [config.description, String(describing: config), String(reflecting: config), dumped, dumpedAuth] {
            for secret in secrets {
                #expect(!text.contains(secret))
            }
        }
        #expect(config.description.contains("client-1"))
        #expect(dumped.contains("<redacted>"))
    }
}
