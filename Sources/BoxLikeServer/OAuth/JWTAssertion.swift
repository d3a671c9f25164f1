import Crypto
import Foundation
import _CryptoExtras

/// A JWT-bearer assertion (RFC 7523) as received: its header and claims decoded, its
/// signature kept for verification.
struct ReceivedJWT {
    let header: [String: Any]
    let claims: [String: Any]
    /// `base64url(header).base64url(claims)`, what the signature covers.
    let signingInput: String
    let signature: [UInt8]

    /// Splits and decodes a compact JWT; `nil` when it is not one.
    init?(_ compact: String) {
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
              let headerData = Self.base64URLDecode(parts[0]), let claimsData = Self.base64URLDecode(parts[1]),
              let signature = Self.base64URLDecode(parts[2]),
              let header = (try? JSONSerialization.jsonObject(with: headerData)) as? [String: Any],
              let claims = (try? JSONSerialization.jsonObject(with: claimsData)) as? [String: Any]
        else { return nil }
        self.header = header
        self.claims = claims
        self.signingInput = "\(parts[0]).\(parts[1])"
        self.signature = Array(signature)
    }

    /// The header fields and claims as text, for the request log (the signature is left out).
    var loggableFields: [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in claims { fields[name] = Self.text(value) }
        for (name, value) in header { fields["header.\(name)"] = Self.text(value) }
        return fields
    }

    /// A claim's value as a string.
    func string(_ name: String) -> String? { claims[name] as? String }

    /// A numeric claim (`exp`) as seconds since 1970.
    func seconds(_ name: String) -> Double? {
        switch claims[name] {
        case let whole as Int: Double(whole)
        case let fraction as Double: fraction
        default: nil
        }
    }

    private static func text(_ value: Any) -> String {
        switch value {
        case let string as String: string
        case let whole as Int: String(whole)
        default: String(describing: value)
        }
    }

    static func base64URLDecode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}

/// Checks a JWT-bearer assertion the way Box does: signature with the app's registered key
/// named by `kid`, `iss` the client, `aud` the token URL (this server's, or Box's), `exp` in the future and at most
/// 60 seconds ahead, a `jti` of 16 to 128 characters. Subject and replay are checked by the
/// token route, which knows the users and the `jti`s seen.
struct JWTAssertionVerifier {
    /// The longest an assertion may live.
    static let maxLifetime: TimeInterval = 60
    /// Box's token URL, the audience every Box SDK signs for whatever base URL it is pointed
    /// at; accepted beside this server's own token URL.
    static let boxTokenURL = "https://api.box.com/oauth2/token"

    let client: RegisteredClient
    let tokenURL: String

    /// The verified assertion; throws `invalid_grant` naming the first check that failed.
    func verify(_ compact: String, now: Date) throws -> ReceivedJWT {
        guard let jwt = ReceivedJWT(compact) else {
            throw OAuthError.invalidGrant("The assertion is not a well-formed JWT.")
        }
        guard let algorithm = jwt.header["alg"] as? String, let hash = Self.hashes[algorithm] else {
            throw OAuthError.invalidGrant("Please check the 'alg' header. RS256, RS384 and RS512 are supported.")
        }
        guard let keyId = jwt.header["kid"] as? String,
              let registered = client.jwtPublicKeys.first(where: { $0.keyId == keyId }),
              let publicKey = try? registered.verificationKey()
        else {
            throw OAuthError.invalidGrant("Please check the 'kid' header. It must name a public key of the app.")
        }
        guard hash(publicKey, jwt) else {
            throw OAuthError.invalidGrant(
                "Signature verification error. The public key identified by 'kid' must correspond to the private key used for signing.")
        }
        guard jwt.string("iss") == client.id else {
            throw OAuthError.invalidGrant("Please check the 'iss' claim. It must be the client ID.")
        }
        guard let audience = jwt.string("aud"), audience == tokenURL || audience == Self.boxTokenURL else {
            throw OAuthError.invalidGrant("Please check the 'aud' claim. It must be \(Self.boxTokenURL) or \(tokenURL).")
        }
        guard let expiry = jwt.seconds("exp"), expiry > now.timeIntervalSince1970,
              expiry <= now.timeIntervalSince1970 + Self.maxLifetime
        else {
            throw OAuthError.invalidGrant(
                "Please check the 'exp' claim. It must be in the future and at most 60 seconds ahead of the server's time.")
        }
        guard let jti = jwt.string("jti"), (16...128).contains(jti.count) else {
            throw OAuthError.invalidGrant("Please check the 'jti' claim. It must be 16 to 128 characters.")
        }
        return jwt
    }

    private typealias Check = @Sendable (_RSA.Signing.PublicKey, ReceivedJWT) -> Bool

    /// Signature checks by `alg`.
    private static let hashes: [String: Check] = [
        "RS256": { key, jwt in verify(key, jwt, SHA256.hash(data: Array(jwt.signingInput.utf8))) },
        "RS384": { key, jwt in verify(key, jwt, SHA384.hash(data: Array(jwt.signingInput.utf8))) },
        "RS512": { key, jwt in verify(key, jwt, SHA512.hash(data: Array(jwt.signingInput.utf8))) },
    ]

    private static func verify(_ key: _RSA.Signing.PublicKey, _ jwt: ReceivedJWT, _ digest: some Digest) -> Bool {
        key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: jwt.signature), for: digest,
                             padding: .insecurePKCS1v1_5)
    }
}
