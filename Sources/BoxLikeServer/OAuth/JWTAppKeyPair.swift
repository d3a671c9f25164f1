import Crypto
import Foundation
import Synchronization
import SwiftASN1
import _CryptoExtras

/// The RSA key pair of the seeded JWT app: the server keeps the public half to verify
/// assertions and hands out the private half, encrypted, in a Box-style app settings file.
///
/// The key id and passphrase are chosen when the server starts; the key itself is generated
/// the first time something needs it (an assertion to verify, the app settings, the public
/// key's PEM). A 2048-bit RSA key takes tenths of a second of CPU, and most servers, in tests
/// above all, never see a JWT.
struct JWTAppKeyPair: Sendable {
    /// The key id assertions name in their `kid`.
    let keyId: String
    /// The key, generated on first use.
    let key: GeneratedRSAKey
    /// The passphrase the private key is encrypted with in ``appSettingsJSON(client:enterpriseId:)``.
    let passphrase: String

    /// PBKDF2 iterations for the encrypted key: OpenSSL's default.
    static let iterations = 2048

    /// A new 2048-bit key pair with a random key id and passphrase (the key is generated on
    /// first use).
    static func generate(key: GeneratedRSAKey = GeneratedRSAKey()) -> JWTAppKeyPair {
        JWTAppKeyPair(keyId: "boxlike-jwt-" + TokenRegistry.randomToken(length: 8).lowercased(),
                      key: key,
                      passphrase: TokenRegistry.randomToken(length: 24))
    }

    /// The private key, generated now if this is its first use.
    var privateKey: _RSA.Signing.PrivateKey {
        get throws { try key.privateKey() }
    }

    /// The public key as the JWT app registers it.
    var publicKey: JWTPublicKey {
        JWTPublicKey(keyId: keyId, generated: key)
    }

    /// Box app settings JSON for `client`: client id and secret, key id, the private key
    /// encrypted with ``passphrase`` (PKCS#8, PBES2: PBKDF2-HMAC-SHA256 and AES-256-CBC), the
    /// passphrase and the enterprise.
    func appSettingsJSON(client: RegisteredClient, enterpriseId: String) throws -> String {
        let settings: [String: Any] = [
            "boxAppSettings": [
                "clientID": client.id,
                "clientSecret": client.secret ?? "",
                "appAuth": [
                    "publicKeyID": keyId,
                    "privateKey": try encryptedPrivateKeyPEM(),
                    "passphrase": passphrase,
                ] as [String: Any],
            ] as [String: Any],
            "enterpriseID": enterpriseId,
        ]
        let data = try JSONSerialization.data(withJSONObject: settings, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// The private key as `-----BEGIN ENCRYPTED PRIVATE KEY-----` (RFC 5208 §6, RFC 8018 §6.2).
    func encryptedPrivateKeyPEM() throws -> String {
        let pkcs8 = try PEMText.der(of: privateKey.pkcs8PEMRepresentation)
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let iv = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let key = try KDF.Insecure.PBKDF2.deriveKey(from: Array(passphrase.utf8), salt: salt, using: .sha256,
                                                    outputByteCount: 32, unsafeUncheckedRounds: Self.iterations)
        let ciphertext = try AES._CBC.encrypt(pkcs8, using: key, iv: AES._CBC.IV(ivBytes: iv))

        var serializer = DER.Serializer()
        try serializer.appendConstructedNode(identifier: .sequence) { info in
            try info.appendConstructedNode(identifier: .sequence) { algorithm in
                try algorithm.serialize(ObjectIds.pbes2)
                try algorithm.appendConstructedNode(identifier: .sequence) { parameters in
                    try parameters.appendConstructedNode(identifier: .sequence) { kdf in
                        try kdf.serialize(ObjectIds.pbkdf2)
                        try kdf.appendConstructedNode(identifier: .sequence) { pbkdf2 in
                            try pbkdf2.serialize(ASN1OctetString(contentBytes: ArraySlice(salt)))
                            try pbkdf2.serialize(Self.iterations)
                            try pbkdf2.appendConstructedNode(identifier: .sequence) { prf in
                                try prf.serialize(ObjectIds.hmacWithSHA256)
                                try prf.serialize(ASN1Null())
                            }
                        }
                    }
                    try parameters.appendConstructedNode(identifier: .sequence) { scheme in
                        try scheme.serialize(ObjectIds.aes256CBC)
                        try scheme.serialize(ASN1OctetString(contentBytes: ArraySlice(iv)))
                    }
                }
            }
            try info.serialize(ASN1OctetString(contentBytes: ArraySlice(Array(ciphertext))))
        }
        return PEMText.encode(serializer.serializedBytes, label: "ENCRYPTED PRIVATE KEY")
    }

    private enum ObjectIds {
        static let pbes2: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 5, 13]
        static let pbkdf2: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 5, 12]
        static let hmacWithSHA256: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 2, 9]
        static let aes256CBC: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 1, 42]
    }
}

/// A 2048-bit RSA key made the first time it is asked for, then kept; every copy of a value
/// holding it shares the one key.
final class GeneratedRSAKey: Sendable {
    private let generated: Mutex<_RSA.Signing.PrivateKey?>

    /// `key`, or (without one) a key made on first use.
    init(_ key: _RSA.Signing.PrivateKey? = nil) {
        generated = Mutex(key)
    }

    /// The key, generated now (under the lock, so only once) if this is the first call.
    func privateKey() throws -> _RSA.Signing.PrivateKey {
        try generated.withLock { key in
            if let key { return key }
            let made = try _RSA.Signing.PrivateKey(keySize: .bits2048)
            key = made
            return made
        }
    }

    /// Whether the key has been generated yet.
    var isGenerated: Bool {
        generated.withLock { $0 != nil }
    }

    /// The public key in PEM, generating the key if need be; `nil` if generating failed.
    func publicKeyPEM() -> String? {
        try? privateKey().publicKey.pemRepresentation
    }
}

/// The RSA private key of the seeded JWT app, for servers that should share one
/// (``BoxLikeServerConfiguration/jwtAppKey``) instead of each making its own: several servers
/// in one process (a test suite's), or a server restarted with the key of an app settings file
/// written by an earlier run. The key id and passphrase are still new at every start.
///
/// Its description and mirror show no key material.
public struct JWTAppKey: Sendable, CustomStringConvertible, CustomReflectable {
    let key: GeneratedRSAKey

    /// A new 2048-bit key, generated the first time a server given it needs it (an assertion
    /// to verify, the app settings); every copy and every server given it shares that one key.
    public init() {
        key = GeneratedRSAKey()
    }

    /// The RSA private key in `pem` (PKCS #1 or PKCS #8, not encrypted).
    ///
    /// - Throws: ``BoxLikeServerError/invalidJWTAppKey`` when `pem` holds no RSA private key.
    public init(pemRepresentation pem: String) throws {
        guard let key = try? _RSA.Signing.PrivateKey(pemRepresentation: pem) else { throw BoxLikeServerError.invalidJWTAppKey }
        self.key = GeneratedRSAKey(key)
    }

    /// `JWTAppKey(<redacted>)`.
    public var description: String { "JWTAppKey(<redacted>)" }

    /// No children: the key stays out of dumps.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension JWTPublicKey {
    /// The key to verify signatures with; throws when the PEM is not an RSA public key.
    func verificationKey() throws -> _RSA.Signing.PublicKey {
        switch source {
        case .pem(let text): return try _RSA.Signing.PublicKey(pemRepresentation: text)
        case .generated(let key): return try key.privateKey().publicKey
        }
    }
}

/// PEM text (RFC 7468) to and from DER.
enum PEMText {
    struct Malformed: Error {}

    /// The DER of the first PEM block in `text`.
    static func der(of text: String) throws -> [UInt8] {
        let base64 = text.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        guard let data = Data(base64Encoded: base64) else { throw Malformed() }
        return Array(data)
    }

    /// `der` as a PEM block with 64-character lines.
    static func encode(_ der: [UInt8], label: String) -> String {
        let base64 = Data(der).base64EncodedString()
        var lines = ["-----BEGIN \(label)-----"]
        var index = base64.startIndex
        while index < base64.endIndex {
            let end = base64.index(index, offsetBy: 64, limitedBy: base64.endIndex) ?? base64.endIndex
            lines.append(String(base64[index..<end]))
            index = end
        }
        lines.append("-----END \(label)-----")
        return lines.joined(separator: "\n") + "\n"
    }
}
