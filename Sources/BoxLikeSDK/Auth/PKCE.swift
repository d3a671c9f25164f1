import Crypto
import Foundation

/// A Proof Key for Code Exchange pair (RFC 7636, method `S256`): the secret verifier the
/// app keeps and the challenge it sends with the authorization request.
///
/// ```swift
/// let pkce = PKCE()
/// // authorize with pkce.challenge, exchange the code with pkce.verifier
/// ```
///
/// The verifier is a secret: ``description`` shows only the challenge.
public struct PKCE: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The challenge method this SDK uses.
    public static let method = "S256"

    /// The secret sent with the token request: 43 base64url characters (32 random bytes).
    public let verifier: String
    /// `BASE64URL(SHA256(verifier))`, sent with the authorization request.
    public let challenge: String

    /// A new pair from 32 bytes of the system's cryptographic random generator.
    public init() {
        var generator = SystemRandomNumberGenerator()
        self.init(verifier: Base64URL.randomString(byteCount: 32, using: &generator))
    }

    /// The pair for a known verifier.
    public init(verifier: String) {
        self.verifier = verifier
        self.challenge = Self.challenge(for: verifier)
    }

    /// The `S256` challenge of `verifier`.
    public static func challenge(for verifier: String) -> String {
        Base64URL.encode(Array(SHA256.hash(data: Array(verifier.utf8))))
    }

    /// The challenge only; the verifier stays secret.
    public var description: String { "PKCE(challenge: \(challenge), verifier: \(Redaction.placeholder))" }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// What `dump` and debuggers show: the challenge, the verifier redacted.
    public var customMirror: Mirror {
        Mirror(self, children: ["challenge": challenge, "verifier": Redaction.placeholder],
               displayStyle: .struct)
    }
}

/// Base64url without padding (RFC 4648 §5), as PKCE and OAuth `state` values use it.
enum Base64URL {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func randomString(byteCount: Int, using generator: inout some RandomNumberGenerator) -> String {
        encode((0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// A random value for an OAuth `state` parameter.
    static func randomState() -> String {
        var generator = SystemRandomNumberGenerator()
        return randomString(byteCount: 24, using: &generator)
    }
}
