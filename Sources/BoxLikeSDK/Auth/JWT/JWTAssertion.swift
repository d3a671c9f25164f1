import Foundation

/// How JWT assertions are signed: RSASSA-PKCS1-v1_5 with SHA-256, SHA-384 or SHA-512
/// (RFC 7518 §3.3).
///
/// ```swift
/// let config = JWTConfig(clientId: "id", clientSecret: "secret", jwtKeyId: "kid", privateKey: pem,
///                        privateKeyPassphrase: "passphrase", enterpriseId: "123", algorithm: .rs512)
/// ```
public enum JWTAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// RSASSA-PKCS1-v1_5 with SHA-256, the default.
    case rs256 = "RS256"
    /// RSASSA-PKCS1-v1_5 with SHA-384.
    case rs384 = "RS384"
    /// RSASSA-PKCS1-v1_5 with SHA-512.
    case rs512 = "RS512"
}

/// Whom a JWT assertion asks a token for (its `box_sub_type` and `sub` claims).
enum JWTSubject: Sendable, Hashable {
    case enterprise(String)
    case user(String)

    var type: String {
        switch self {
        case .enterprise: "enterprise"
        case .user: "user"
        }
    }

    var id: String {
        switch self {
        case .enterprise(let id), .user(let id): id
        }
    }
}

/// One signed JWT-bearer assertion (RFC 7523 §2.1): header `alg`, `typ`, `kid`; claims `iss`
/// (the client id), `sub` and `box_sub_type` (the subject), `aud` (the token URL), `jti` (256
/// random bits, new for every assertion) and `exp` (``lifetime`` ahead of `now`).
struct JWTAssertion: Sendable {
    /// How far ahead `exp` is set; the server accepts at most 60 seconds.
    static let lifetime: TimeInterval = 30

    /// The compact serialisation, `header.claims.signature`; a bearer credential.
    let compact: String
    /// The assertion's unique id.
    let jti: String

    struct Header: Encodable {
        let alg: String
        let typ = "JWT"
        let kid: String
    }

    struct Claims: Encodable {
        let iss: String
        let sub: String
        let boxSubType: String
        let aud: String
        let jti: String
        let exp: Int

        enum CodingKeys: String, CodingKey {
            case iss, sub, boxSubType = "box_sub_type", aud, jti, exp
        }
    }

    /// Builds and signs an assertion with a fresh `jti`.
    ///
    /// - Parameter now: The time `exp` counts from: the local clock, corrected by the
    ///   server's when a previous assertion was rejected for its expiry.
    init(clientId: String, subject: JWTSubject, audience: String, keyId: String, algorithm: JWTAlgorithm,
         key: JWTSigningKey, now: Date) throws {
        let jti = Self.randomId()
        let header = Header(alg: algorithm.rawValue, kid: keyId)
        let claims = Claims(iss: clientId, sub: subject.id, boxSubType: subject.type, aud: audience, jti: jti,
                            exp: Int((now.timeIntervalSince1970 + Self.lifetime).rounded(.down)))
        let encoder = JSONCoding.encoder
        let signingInput = try Base64URL.encode(Array(encoder.encode(header))) + "."
            + Base64URL.encode(Array(encoder.encode(claims)))
        let signature = try key.sign(Array(signingInput.utf8), algorithm: algorithm)
        self.compact = signingInput + "." + Base64URL.encode(signature)
        self.jti = jti
    }

    /// 256 bits from the system's cryptographically secure generator, base64url-encoded
    /// (43 characters; Box accepts 16 to 128).
    static func randomId() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.randomString(byteCount: 32, using: &generator)
    }
}
