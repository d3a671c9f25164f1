import Crypto
import Foundation

/// Proof Key for Code Exchange (RFC 7636) verification.
enum PKCE {
    static func verify(verifier: String, challenge: String, method: String) -> Bool {
        switch method {
        case "S256":
            let digest = SHA256.hash(data: Array(verifier.utf8))
            return SecretComparison.equal(base64URL(Data(digest)), challenge)
        case "plain":
            return SecretComparison.equal(verifier, challenge)
        default:
            return false
        }
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// RFC 7636 §4.1: 43–128 unreserved characters.
    static func isWellFormedVerifier(_ verifier: String) -> Bool {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        return (43...128).contains(verifier.count) && verifier.unicodeScalars.allSatisfy { allowed.contains($0) }
    }
}
