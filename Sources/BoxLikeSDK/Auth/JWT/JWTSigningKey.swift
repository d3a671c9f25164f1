import Crypto
import Foundation
import SwiftASN1
import _CryptoExtras

/// The RSA private key that signs JWT assertions, read from PEM: PKCS#8 encrypted
/// (`ENCRYPTED PRIVATE KEY`, PBES2), PKCS#8 (`PRIVATE KEY`) or PKCS#1 (`RSA PRIVATE KEY`),
/// 2048 to 4096 bits.
///
/// Its description names only its size, never its material.
struct JWTSigningKey: Sendable, CustomStringConvertible, CustomReflectable {
    /// The key sizes accepted, in bits.
    static let keySizes = 2048...4096

    let key: _RSA.Signing.PrivateKey

    /// Reads the first PEM block of `pem`, decrypting it with `passphrase` when it is encrypted.
    ///
    /// - Throws: ``JWTConfigError`` naming what is wrong with the key.
    init(pem: String, passphrase: String?) throws(JWTConfigError) {
        let block = try PEMBlock(firstIn: pem)
        let der: [UInt8]
        switch block.label {
        case "ENCRYPTED PRIVATE KEY":
            guard let passphrase, !passphrase.isEmpty else {
                throw JWTConfigError(.missingPassphrase, "The private key is encrypted but no passphrase was given.")
            }
            der = try EncryptedPrivateKeyInfo(der: block.der).decrypt(passphrase: passphrase)
            try Self.requireRSA(privateKeyInfo: der)
        case "PRIVATE KEY":
            der = block.der
            try Self.requireRSA(privateKeyInfo: der)
        case "RSA PRIVATE KEY":
            if block.headers["Proc-Type"]?.contains("ENCRYPTED") == true {
                throw JWTConfigError(.unsupportedKeyEncryption,
                                     "The private key uses legacy PEM encryption (Proc-Type); convert it with `openssl pkcs8 -topk8 -v2 aes-256-cbc`.")
            }
            der = block.der
        case "EC PRIVATE KEY":
            throw JWTConfigError(.unsupportedKeyAlgorithm, "The private key is an EC key; JWT assertions need an RSA key.")
        case "OPENSSH PRIVATE KEY":
            throw JWTConfigError(.wrongPEMKind, "The private key is in OpenSSH format; a PEM PKCS#8 or PKCS#1 RSA key is needed.")
        default:
            throw JWTConfigError(.wrongPEMKind, "The PEM block is a \(block.label), not a private key.")
        }
        let key: _RSA.Signing.PrivateKey
        do {
            // The checked initialiser refuses keys under 2048 bits without saying so; the
            // size is checked below to report it.
            key = try _RSA.Signing.PrivateKey(unsafeDERRepresentation: der)
        } catch {
            throw JWTConfigError(.malformedPrivateKey, "The \(block.label) block is not a well-formed RSA key.")
        }
        guard Self.keySizes.contains(key.keySizeInBits) else {
            throw JWTConfigError(.unsupportedKeySize,
                                 "The RSA key has \(key.keySizeInBits) bits; 2048 to 4096 bits are supported.")
        }
        self.key = key
    }

    /// Checks that a PKCS#8 `PrivateKeyInfo` (RFC 5208 §5) holds an RSA key.
    private static func requireRSA(privateKeyInfo der: [UInt8]) throws(JWTConfigError) {
        let algorithm: ASN1ObjectIdentifier
        do {
            algorithm = try DER.sequence(try DER.parse(der), identifier: .sequence) { nodes in
                _ = nodes.next() // version
                let identifier = try AlgorithmIdentifier(nodes.next())
                while nodes.next() != nil {} // privateKey, attributes, publicKey
                return identifier.oid
            }
        } catch {
            throw JWTConfigError(.malformedPrivateKey, "The private key is not a well-formed PKCS#8 structure.")
        }
        switch algorithm {
        case OID.rsaEncryption:
            return
        case OID.ecPublicKey:
            throw JWTConfigError(.unsupportedKeyAlgorithm, "The private key is an EC key; JWT assertions need an RSA key.")
        case OID.ed25519:
            throw JWTConfigError(.unsupportedKeyAlgorithm, "The private key is an Ed25519 key; JWT assertions need an RSA key.")
        default:
            throw JWTConfigError(.unsupportedKeyAlgorithm,
                                 "The private key's algorithm is \(algorithm); JWT assertions need an RSA key.")
        }
    }

    /// The PKCS#1 v1.5 signature of `message` with the hash `algorithm` names.
    func sign(_ message: [UInt8], algorithm: JWTAlgorithm) throws -> [UInt8] {
        let signature: _RSA.Signing.RSASignature
        switch algorithm {
        case .rs256: signature = try key.signature(for: SHA256.hash(data: message), padding: .insecurePKCS1v1_5)
        case .rs384: signature = try key.signature(for: SHA384.hash(data: message), padding: .insecurePKCS1v1_5)
        case .rs512: signature = try key.signature(for: SHA512.hash(data: message), padding: .insecurePKCS1v1_5)
        }
        return Array(signature.rawRepresentation)
    }

    var description: String { "JWTSigningKey(RSA \(key.keySizeInBits) bits)" }

    /// What `dump` shows: the size, not the key.
    var customMirror: Mirror { Mirror(self, children: ["bits": key.keySizeInBits], displayStyle: .struct) }
}
