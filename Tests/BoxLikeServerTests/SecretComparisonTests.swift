import Foundation
import Testing
@testable import BoxLikeServer

/// Secrets (passwords, PKCE verifiers, capability tokens, client secrets) are compared in time
/// that does not depend on how much of a guess is right: through ``SecretComparison`` only.
@Suite("Secret comparison")
struct SecretComparisonTests {
    static let serverSources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/BoxLikeServer")

    /// `==` or `!=` with a secret-named value on either side (a comparison with `nil` only asks
    /// whether there is one).
    static let secretComparison = #"(?i)\b\w*(password|verifier|challenge|token|secret)\b\s*(==|!=)\s*(?!nil\b)[\w"$(]|(==|!=)\s*[\w.$]*(password|verifier|challenge|token|secret)\b"#

    @Test func noServerSourceComparesASecretWithEqualityOperators() throws {
        let comparison = try Regex(Self.secretComparison)
        var found: [String] = []
        let files = FileManager.default.enumerator(at: Self.serverSources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            let relative = file.path.replacingOccurrences(of: Self.serverSources.path + "/", with: "")
            guard file.pathExtension == "swift", !relative.hasPrefix("Generated/") else { continue }
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let code = line.components(separatedBy: "//")[0]
                guard code.contains(comparison) else { continue }
                found.append("\(relative): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "secrets compared with == or !=:\n\(found.joined(separator: "\n"))")
    }

    @Test func equalSecretsMatchAndAnyDifferenceDoesNot() {
        #expect(SecretComparison.equal("letmein12", "letmein12"))
        #expect(!SecretComparison.equal("letmein12", "letmein13"))
        #expect(!SecretComparison.equal("letmein1", "letmein12"))
        #expect(!SecretComparison.equal("", "x"))
    }
}
