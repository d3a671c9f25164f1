import Foundation
import Testing

/// Keeps the README's Swift examples compiling: every ```swift block of README.md is
/// copied into `Samples/ReadmeSnippets/ReadmeSnippets.swift`, a target the package builds,
/// and this test fails when the copy is stale. Refresh it with
/// `BOXLIKE_UPDATE_README_SNIPPETS=1 swift test --filter ReadmeSnippets`.
@Suite("README examples")
struct ReadmeSnippetsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Swift source the README's blocks become: type declarations at the top level, other
    /// blocks each in an `async throws` function.
    static func render(readme: String) -> String {
        var blocks: [[String]] = []
        var current: [String]?
        for line in readme.components(separatedBy: "\n") {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current ?? [])
                current = nil
            } else if current != nil {
                current?.append(line)
            }
        }
        var output = """
            // Generated from the ```swift blocks of README.md by ReadmeSnippetsTests; do not edit.
            // Refresh: BOXLIKE_UPDATE_README_SNIPPETS=1 swift test --filter ReadmeSnippets

            import BoxLikeSDK
            import BoxLikeServer
            import Foundation

            """
        for (index, block) in blocks.enumerated() {
            let body = block.filter { !$0.hasPrefix("import ") }
            let firstCode = body.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            let declaresType = ["actor ", "struct ", "final class ", "class ", "enum "].contains { firstCode.hasPrefix($0) }
            output += "\n// README.md, Swift block \(index + 1)\n"
            if declaresType {
                output += body.joined(separator: "\n") + "\n"
            } else {
                output += "func readmeBlock\(index + 1)() async throws {\n"
                output += body.map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n") + "\n}\n"
            }
        }
        return output
    }

    @Test func theCompiledCopyMatchesTheReadme() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let target = Self.root.appendingPathComponent("Samples/ReadmeSnippets/ReadmeSnippets.swift")
        let expected = Self.render(readme: readme)
        if ProcessInfo.processInfo.environment["BOXLIKE_UPDATE_README_SNIPPETS"] == "1" {
            try expected.write(to: target, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: target, encoding: .utf8)
        #expect(committed == expected, "README.md changed: refresh Samples/ReadmeSnippets/ReadmeSnippets.swift")
        #expect(expected.contains("readmeBlock1"))
    }
}
