/// Compares secrets (client secrets, user, shared-link and signer passwords, PKCE verifiers,
/// capability tokens in links) in time that depends only on their lengths, so how long an
/// answer takes does not tell a guesser how much of a secret it got right. The one place the
/// server compares a secret: never `==` or `!=`.
enum SecretComparison {
    /// Whether `given` equals `expected`.
    static func equal(_ given: String, _ expected: String) -> Bool {
        let lhs = Array(given.utf8), rhs = Array(expected.utf8)
        var difference = UInt8(truncatingIfNeeded: lhs.count ^ rhs.count)
        if lhs.count != rhs.count { difference |= 1 }
        for index in 0..<Swift.max(lhs.count, rhs.count) {
            let left = index < lhs.count ? lhs[index] : 0
            let right = index < rhs.count ? rhs[index] : 0
            difference |= left ^ right
        }
        return difference == 0
    }
}
