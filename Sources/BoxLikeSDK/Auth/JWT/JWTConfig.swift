import Foundation

/// The settings of a ``BoxJWTAuth``: the app's credentials, the key that signs its JWT
/// assertions, and whose token to get.
///
/// With `userId` the token acts as that user; otherwise with `enterpriseId` it acts as the
/// enterprise's service account.
///
/// Most apps read the settings file the developer console writes:
///
/// ```swift
/// let config = try JWTConfig.fromConfigFile(path: "/etc/myapp/box_config.json")
/// let client = BoxClient(auth: BoxJWTAuth(config: config))
/// ```
///
/// or give the values one by one:
///
/// ```swift
/// let config = JWTConfig(clientId: "id", clientSecret: "secret", jwtKeyId: "a1b2c3",
///                        privateKey: pemText, privateKeyPassphrase: "passphrase", enterpriseId: "123")
/// ```
///
/// The private key (PEM) may be PKCS#8 encrypted with PBES2 (`ENCRYPTED PRIVATE KEY`,
/// PBKDF2-HMAC-SHA1/SHA-256, AES-128/192/256-CBC), PKCS#8 (`PRIVATE KEY`) or PKCS#1
/// (`RSA PRIVATE KEY`), an RSA key of 2048 to 4096 bits. Neither ``description`` nor `dump`
/// shows the key, the passphrase or the client secret.
public struct JWTConfig: Sendable, CustomStringConvertible, CustomReflectable {
    /// The app's client id; the `iss` of its assertions.
    public var clientId: String
    /// The app's client secret, sent with each assertion.
    public var clientSecret: String
    /// The id of the public key registered with the app; the `kid` of its assertions.
    public var jwtKeyId: String
    /// The private key, in PEM.
    public var privateKey: String {
        didSet { preparedKey = nil }
    }
    /// The passphrase of an encrypted private key; ignored for a key that is not encrypted.
    public var privateKeyPassphrase: String? {
        didSet { preparedKey = nil }
    }
    /// The enterprise whose service account the token acts as (when `userId` is `nil`).
    public var enterpriseId: String?
    /// The user the token acts as; takes precedence over `enterpriseId`.
    public var userId: String?
    /// How assertions are signed; RS256 by default.
    public var algorithm: JWTAlgorithm
    /// Where the token is kept.
    public var tokenStorage: any TokenStorage

    /// The key read from ``privateKey`` by a loader that already checked it, so it is not
    /// decrypted again; dropped whenever the key or its passphrase changes.
    var preparedKey: JWTSigningKey?

    /// Creates a configuration. The key is read (and checked) when the first token is
    /// requested; ``fromConfigJSONString(_:tokenStorage:)`` checks it at once.
    public init(clientId: String, clientSecret: String, jwtKeyId: String, privateKey: String,
                privateKeyPassphrase: String? = nil, enterpriseId: String? = nil, userId: String? = nil,
                algorithm: JWTAlgorithm = .rs256, tokenStorage: any TokenStorage = InMemoryTokenStorage()) {
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.jwtKeyId = jwtKeyId
        self.privateKey = privateKey
        self.privateKeyPassphrase = privateKeyPassphrase
        self.enterpriseId = enterpriseId
        self.userId = userId
        self.algorithm = algorithm
        self.tokenStorage = tokenStorage
    }

    /// Reads a Box app settings file (the JSON the developer console downloads) and checks
    /// that its private key can be used.
    ///
    /// ```swift
    /// let config = try JWTConfig.fromConfigFile(path: "box_config.json")
    /// ```
    ///
    /// - Throws: ``JWTConfigError``: `.unreadableConfigFile`, or any error of
    ///   ``fromConfigJSONString(_:tokenStorage:)``.
    public static func fromConfigFile(path: String,
                                      tokenStorage: any TokenStorage = InMemoryTokenStorage()) throws(JWTConfigError) -> JWTConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw JWTConfigError(.unreadableConfigFile, "The app settings file \(path) cannot be read.")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw JWTConfigError(.malformedConfig, "The app settings file \(path) is not UTF-8 text.")
        }
        return try fromConfigJSONString(text, tokenStorage: tokenStorage)
    }

    /// Reads Box app settings JSON and checks that its private key can be used:
    ///
    /// ```json
    /// {
    ///   "boxAppSettings": {
    ///     "clientID": "…", "clientSecret": "…",
    ///     "appAuth": { "publicKeyID": "…", "privateKey": "-----BEGIN ENCRYPTED PRIVATE KEY-----\n…", "passphrase": "…" }
    ///   },
    ///   "enterpriseID": "…"
    /// }
    /// ```
    ///
    /// - Throws: ``JWTConfigError``: `.malformedConfig` for text that is not such JSON,
    ///   `.missingField` naming the first missing field, and the key errors
    ///   (`.wrongPassphrase`, `.wrongPEMKind`, `.unsupportedKeyAlgorithm`, `.unsupportedKeySize`...).
    public static func fromConfigJSONString(_ json: String,
                                            tokenStorage: any TokenStorage = InMemoryTokenStorage()) throws(JWTConfigError) -> JWTConfig {
        let parsed: JSONValue
        do {
            parsed = try JSONCoding.decode(JSONValue.self, from: Array(json.utf8))
        } catch {
            throw JWTConfigError(.malformedConfig, "The app settings are not valid JSON.")
        }
        guard case .object(let root) = parsed else {
            throw JWTConfigError(.malformedConfig, "The app settings are not a JSON object.")
        }
        let settings = try object(root, "boxAppSettings", path: "boxAppSettings")
        let appAuth = try object(settings, "appAuth", path: "boxAppSettings.appAuth")
        var config = JWTConfig(
            clientId: try string(settings, "clientID", path: "boxAppSettings.clientID"),
            clientSecret: try string(settings, "clientSecret", path: "boxAppSettings.clientSecret"),
            jwtKeyId: try string(appAuth, "publicKeyID", path: "boxAppSettings.appAuth.publicKeyID"),
            privateKey: try string(appAuth, "privateKey", path: "boxAppSettings.appAuth.privateKey"),
            privateKeyPassphrase: try optionalString(appAuth, "passphrase", path: "boxAppSettings.appAuth.passphrase"),
            enterpriseId: try optionalString(root, "enterpriseID", path: "enterpriseID"),
            tokenStorage: tokenStorage)
        config.preparedKey = try JWTSigningKey(pem: config.privateKey, passphrase: config.privateKeyPassphrase)
        return config
    }

    /// The signing key: the one a loader checked, else read now.
    func signingKey() throws(JWTConfigError) -> JWTSigningKey {
        if let preparedKey { return preparedKey }
        return try JWTSigningKey(pem: privateKey, passphrase: privateKeyPassphrase)
    }

    /// Whom the token is for: the user when there is one, else the enterprise.
    func subject() throws(JWTConfigError) -> JWTSubject {
        if let userId, !userId.isEmpty { return .user(userId) }
        if let enterpriseId, !enterpriseId.isEmpty { return .enterprise(enterpriseId) }
        throw JWTConfigError(.missingSubject, "JWTConfig needs an enterpriseId or a userId.")
    }

    /// The subject and ids; the key, passphrase and secret are never shown.
    public var description: String {
        "JWTConfig(clientId: \(clientId), clientSecret: \(Redaction.placeholder), jwtKeyId: \(jwtKeyId), "
            + "privateKey: \(Redaction.placeholder), privateKeyPassphrase: \(privateKeyPassphrase == nil ? "nil" : Redaction.placeholder), "
            + "enterpriseId: \(enterpriseId ?? "nil"), userId: \(userId ?? "nil"), algorithm: \(algorithm.rawValue))"
    }

    /// What `dump` and debuggers show: the key, passphrase and client secret redacted.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "clientId": clientId, "clientSecret": Redaction.placeholder, "jwtKeyId": jwtKeyId,
            "privateKey": Redaction.placeholder,
            "privateKeyPassphrase": privateKeyPassphrase == nil ? "nil" : Redaction.placeholder,
            "enterpriseId": enterpriseId as Any, "userId": userId as Any, "algorithm": algorithm,
            "tokenStorage": tokenStorage,
        ], displayStyle: .struct)
    }

    // MARK: - Reading app settings

    private static func object(_ parent: [String: JSONValue], _ key: String,
                               path: String) throws(JWTConfigError) -> [String: JSONValue] {
        guard let value = parent[key], value != .null else { throw JWTConfigError.missingField(path) }
        guard case .object(let object) = value else {
            throw JWTConfigError(.malformedConfig, "The app settings' \(path) is not an object.")
        }
        return object
    }

    private static func string(_ parent: [String: JSONValue], _ key: String, path: String) throws(JWTConfigError) -> String {
        guard let value = try optionalString(parent, key, path: path), !value.isEmpty else {
            throw JWTConfigError.missingField(path)
        }
        return value
    }

    /// A string field, or a number given where a string id is usual (`"enterpriseID": 123`).
    private static func optionalString(_ parent: [String: JSONValue], _ key: String,
                                       path: String) throws(JWTConfigError) -> String? {
        switch parent[key] {
        case nil, .null?:
            return nil
        case .string(let text)?:
            return text.isEmpty ? nil : text
        case .integer(let number)?:
            return String(number)
        default:
            throw JWTConfigError(.malformedConfig, "The app settings' \(path) is not a string.")
        }
    }
}
