import Foundation
import Testing

/// Every operation in the spec is called through `BoxClient` by at least one test here, or
/// by a hand-written SDK convenience that these tests exercise (`uploadBigFile` calls the
/// upload-session operations, `revokeToken` the revocation), so an endpoint added to the spec
/// without a test fails the suite.
@Suite("Every spec operation has an SDK test")
struct SpecOperationCoverageTests {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let spec = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("specs/boxlike.yaml")

    /// The `operationId`s of the spec, in order.
    static func operationIds() throws -> [String] {
        let text = try String(contentsOf: spec, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("operationId:") else { return nil }
            return trimmed.dropFirst("operationId:".count).trimmingCharacters(in: .whitespaces)
        }
    }

    /// The text of every Swift file among the SDK tests and the hand-written SDK sources
    /// (everything in `Sources/BoxLikeSDK` but `Generated`).
    static func testSources() throws -> String {
        let sdk = testsDirectory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/BoxLikeSDK")
        let files = [testsDirectory, sdk].flatMap { directory in
            FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" && !$0.path.contains("/Generated/") } ?? []
        }
        return try files.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    }

    /// Whether `text` calls `operation` (`.op(`, `op(` or `opSequence(`), not merely declares
    /// a like-named method.
    static func calls(_ operation: String, in text: String) -> Bool {
        for name in [operation + "(", operation + "Sequence("] {
            var searchRange = text.startIndex..<text.endIndex
            while let found = text.range(of: name, range: searchRange) {
                searchRange = found.upperBound..<text.endIndex
                let before = text[text.startIndex..<found.lowerBound]
                if let last = before.last, last.isLetter || last.isNumber || last == "_" { continue }
                if before.hasSuffix("func ") { continue }
                return true
            }
        }
        return false
    }

    @Test func theSpecDescribesEveryOneOfBoxsOperations() throws {
        #expect(try Self.operationIds().count >= 336)
    }

    @Test func everyOperationIsCalledByATest() throws {
        let sources = try Self.testSources()
        let untested = try Self.operationIds().filter {
            !OperationsAwaitingServer.operationIds.contains($0) && !Self.calls($0, in: sources)
        }
        #expect(untested.isEmpty, "operations without an SDK test: \(untested.joined(separator: ", "))")
    }

    @Test func operationsAwaitingTheServerAreSpecOperationsWithoutATestYet() throws {
        let sources = try Self.testSources()
        let specOperations = Set(try Self.operationIds())
        let unknown = OperationsAwaitingServer.operationIds.subtracting(specOperations)
        #expect(unknown.isEmpty, "not operations of the spec: \(unknown.sorted().joined(separator: ", "))")
        let tested = OperationsAwaitingServer.operationIds.filter { Self.calls($0, in: sources) }
        #expect(tested.isEmpty, "tested now, so no longer awaiting the server: \(tested.sorted().joined(separator: ", "))")
    }
}
