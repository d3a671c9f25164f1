import Crypto

/// A stable, non-secret identifier of a token: tests compute it from a token they hold to
/// compare with what the request log recorded, and logs can print it safely.
public enum TokenFingerprint {
    /// `tok_` followed by the first 16 hex digits of the token's SHA-256.
    public static func of(_ token: String) -> String {
        "tok_" + String(SHA256.hash(data: Array(token.utf8)).hexString.prefix(16))
    }
}
