import Crypto
import Foundation
import SwiftASN1
import _CryptoExtras

/// A PKCS#8 `EncryptedPrivateKeyInfo` (RFC 5208 §6) protected with PBES2 (RFC 8018 §6.2):
/// PBKDF2 with HMAC-SHA1/SHA-256/SHA-384/SHA-512 derives an AES-128/192/256-CBC key from
/// the passphrase. This is what `openssl genpkey -aes256` and developer consoles write
/// under `-----BEGIN ENCRYPTED PRIVATE KEY-----`.
///
/// ```
/// EncryptedPrivateKeyInfo ::= SEQUENCE { encryptionAlgorithm AlgorithmIdentifier, encryptedData OCTET STRING }
/// PBES2-params ::= SEQUENCE { keyDerivationFunc AlgorithmIdentifier, encryptionScheme AlgorithmIdentifier }
/// PBKDF2-params ::= SEQUENCE { salt OCTET STRING, iterationCount INTEGER, keyLength INTEGER OPTIONAL,
///                              prf AlgorithmIdentifier DEFAULT hmacWithSHA1 }
/// ```
struct EncryptedPrivateKeyInfo: Sendable {
    let salt: [UInt8]
    let iterations: Int
    let prf: KDF.Insecure.PBKDF2.HashFunction
    let keyByteCount: Int
    let iv: [UInt8]
    let ciphertext: [UInt8]

    /// The largest iteration count accepted, so a hostile file cannot make decryption run
    /// for hours.
    static let maxIterations = 10_000_000

    /// Reads the structure.
    ///
    /// - Throws: ``JWTConfigError`` `.unsupportedKeyEncryption` for a scheme other than
    ///   PBES2/PBKDF2/AES-CBC, `.malformedPrivateKey` for DER that does not parse.
    init(der: [UInt8]) throws(JWTConfigError) {
        do {
            let root = try DER.parse(der)
            let parsed = try DER.sequence(root, identifier: .sequence) { nodes in
                let algorithm = try AlgorithmIdentifier(nodes.next())
                guard algorithm.oid == OID.pbes2, let parameters = algorithm.parameters else {
                    throw JWTConfigError(.unsupportedKeyEncryption,
                                         "The private key is encrypted with \(algorithm.oid), not PBES2.")
                }
                let (kdf, scheme) = try DER.sequence(parameters, identifier: .sequence) { inner in
                    (try AlgorithmIdentifier(inner.next()), try AlgorithmIdentifier(inner.next()))
                }
                guard kdf.oid == OID.pbkdf2, let kdfParameters = kdf.parameters else {
                    throw JWTConfigError(.unsupportedKeyEncryption,
                                         "The private key's key derivation is \(kdf.oid), not PBKDF2.")
                }
                let pbkdf2 = try DER.sequence(kdfParameters, identifier: .sequence) { fields in
                    let salt = try ASN1OctetString(derEncoded: Self.required(fields.next()))
                    let iterations = try Int(derEncoded: Self.required(fields.next()))
                    var keyLength: Int?
                    var prf = OID.hmacWithSHA1
                    while let node = fields.next() {
                        if node.identifier == .integer {
                            keyLength = try Int(derEncoded: node)
                        } else {
                            prf = try AlgorithmIdentifier(node).oid
                        }
                    }
                    return (Array(salt.bytes), iterations, keyLength, prf)
                }
                guard let hash = OID.prfs[pbkdf2.3] else {
                    throw JWTConfigError(.unsupportedKeyEncryption, "The private key's PBKDF2 uses the PRF \(pbkdf2.3).")
                }
                guard let aesKeySize = OID.aesCBCKeySizes[scheme.oid], let ivNode = scheme.parameters else {
                    throw JWTConfigError(.unsupportedKeyEncryption,
                                         "The private key is encrypted with \(scheme.oid), not AES-CBC.")
                }
                if let declared = pbkdf2.2, declared != aesKeySize {
                    throw JWTConfigError(.malformedPrivateKey, "The private key's PBKDF2 key length does not match its cipher.")
                }
                guard (1...Self.maxIterations).contains(pbkdf2.1) else {
                    throw JWTConfigError(.unsupportedKeyEncryption,
                                         "The private key's PBKDF2 iteration count \(pbkdf2.1) is out of range.")
                }
                let iv = try ASN1OctetString(derEncoded: ivNode)
                guard iv.bytes.count == 16 else {
                    throw JWTConfigError(.malformedPrivateKey, "The private key's AES-CBC IV is not 16 bytes.")
                }
                let encrypted = try ASN1OctetString(derEncoded: Self.required(nodes.next()))
                return (pbkdf2.0, pbkdf2.1, hash, aesKeySize, Array(iv.bytes), Array(encrypted.bytes))
            }
            salt = parsed.0
            iterations = parsed.1
            prf = parsed.2
            keyByteCount = parsed.3
            iv = parsed.4
            ciphertext = parsed.5
        } catch let error as JWTConfigError {
            throw error
        } catch {
            throw JWTConfigError(.malformedPrivateKey, "The encrypted private key is not valid DER.")
        }
    }

    /// The PKCS#8 `PrivateKeyInfo` DER inside.
    ///
    /// - Throws: ``JWTConfigError`` `.wrongPassphrase` when the passphrase does not decrypt it.
    func decrypt(passphrase: String) throws(JWTConfigError) -> [UInt8] {
        let plaintext: Data
        do {
            let key = try KDF.Insecure.PBKDF2.deriveKey(
                from: Array(passphrase.utf8), salt: salt, using: prf, outputByteCount: keyByteCount,
                unsafeUncheckedRounds: iterations)
            plaintext = try AES._CBC.decrypt(ciphertext, using: key, iv: AES._CBC.IV(ivBytes: iv))
        } catch {
            // A wrong key almost always leaves invalid padding behind.
            throw JWTConfigError(.wrongPassphrase, "The passphrase does not decrypt the private key.")
        }
        let bytes = Array(plaintext)
        // The rare wrong key whose padding happens to look valid leaves bytes that are not
        // a PrivateKeyInfo.
        guard (try? DER.parse(bytes))?.identifier == .sequence else {
            throw JWTConfigError(.wrongPassphrase, "The passphrase does not decrypt the private key.")
        }
        return bytes
    }

    private static func required(_ node: ASN1Node?) throws -> ASN1Node {
        guard let node else { throw ASN1Error.invalidASN1Object(reason: "A required field is missing") }
        return node
    }
}

/// An X.509 `AlgorithmIdentifier`: an OID and its optional parameters.
struct AlgorithmIdentifier {
    let oid: ASN1ObjectIdentifier
    let parameters: ASN1Node?

    init(_ node: ASN1Node?) throws {
        guard let node else { throw ASN1Error.invalidASN1Object(reason: "An AlgorithmIdentifier is missing") }
        (oid, parameters) = try DER.sequence(node, identifier: .sequence) { nodes in
            guard let oid = nodes.next() else { throw ASN1Error.invalidASN1Object(reason: "An OID is missing") }
            return (try ASN1ObjectIdentifier(derEncoded: oid), nodes.next())
        }
    }
}

/// The object identifiers of the key formats and ciphers read here.
enum OID {
    static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 1, 1]
    static let ecPublicKey: ASN1ObjectIdentifier = [1, 2, 840, 10_045, 2, 1]
    static let ed25519: ASN1ObjectIdentifier = [1, 3, 101, 112]
    static let pbes2: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 5, 13]
    static let pbkdf2: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 5, 12]
    static let hmacWithSHA1: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 2, 7]
    static let hmacWithSHA256: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 2, 9]
    static let hmacWithSHA384: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 2, 10]
    static let hmacWithSHA512: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 2, 11]

    /// PBKDF2 pseudo-random functions by OID.
    static let prfs: [ASN1ObjectIdentifier: KDF.Insecure.PBKDF2.HashFunction] = [
        hmacWithSHA1: .insecureSHA1, hmacWithSHA256: .sha256, hmacWithSHA384: .sha384, hmacWithSHA512: .sha512,
    ]

    /// AES-CBC key sizes in bytes by OID (aes128-CBC, aes192-CBC, aes256-CBC).
    static let aesCBCKeySizes: [ASN1ObjectIdentifier: Int] = [
        [2, 16, 840, 1, 101, 3, 4, 1, 2]: 16,
        [2, 16, 840, 1, 101, 3, 4, 1, 22]: 24,
        [2, 16, 840, 1, 101, 3, 4, 1, 42]: 32,
    ]
}
