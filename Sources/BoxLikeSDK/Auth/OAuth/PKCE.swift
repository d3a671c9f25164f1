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
/// The verifier is a secret: ``description`` shows only the challenge. Package-only: apps get
/// PKCE through ``BoxOAuth`` (on by default) and never need to build a pair themselves.
package struct PKCE: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The challenge method this SDK uses.
    package static let method = "S256"

    /// The secret sent with the token request: 43 base64url characters (32 random bytes).
    package let verifier: String
    /// `BASE64URL(SHA256(verifier))`, sent with the authorization request.
    package let challenge: String

    /// A new pair from 32 bytes of the system's cryptographic random generator.
    package init() {
        var generator = SystemRandomNumberGenerator()
        self.init(generated: Base64URL.randomString(byteCount: 32, using: &generator))
    }

    /// The pair for a known verifier.
    ///
    /// - Throws: `BoxSDKError` (`.invalidArgument`) unless the verifier follows RFC 7636
    ///   §4.1: 43 to 128 characters, each a letter, digit, `-`, `.`, `_` or `~` (a shorter or
    ///   wider one is too weak or would be refused by the server).
    package init(verifier: String) throws {
        guard Self.isValidVerifier(verifier) else {
            throw BoxSDKError(.invalidArgument,
                              "A PKCE verifier must be 43 to 128 characters from A-Z, a-z, 0-9, '-', '.', '_' and '~' "
                                  + "(RFC 7636 §4.1); this one has \(verifier.count) characters.")
        }
        self.verifier = verifier
        self.challenge = Self.challenge(for: verifier)
    }

    private init(generated verifier: String) {
        self.verifier = verifier
        self.challenge = Self.challenge(for: verifier)
    }

    /// Whether `verifier` follows RFC 7636 §4.1.
    package static func isValidVerifier(_ verifier: String) -> Bool {
        let bytes = Array(verifier.utf8)
        return (43...128).contains(bytes.count) && bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"):
                return true
            default:
                return false
            }
        }
    }

    /// The `S256` challenge of `verifier`.
    package static func challenge(for verifier: String) -> String {
        Base64URL.encode(Array(SHA256.hash(data: Array(verifier.utf8))))
    }

    /// The challenge only; the verifier stays secret.
    package var description: String { "PKCE(challenge: \(challenge), verifier: \(Redaction.placeholder))" }

    /// The same as ``description``.
    package var debugDescription: String { description }

    /// What `dump` and debuggers show: the challenge, the verifier redacted.
    package var customMirror: Mirror {
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
