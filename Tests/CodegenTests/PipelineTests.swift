import CodegenKit
import CodegenTestSupport
import Foundation
import Testing

@Suite("Pipeline and output")
struct PipelineTests {
    @Test("two runs produce byte-identical files")
    func deterministic() throws {
        let text = SyntheticSpec.yaml(operations: 60, schemas: 60)
        let first = Generator.generate(specText: text, fileName: "synthetic.yaml")
        let second = Generator.generate(specText: text, fileName: "synthetic.yaml")
        let files = try #require(first.files)
        #expect(files == second.files)
        #expect(first.diagnostics == second.diagnostics)
        #expect(files.map(\.path) == files.map(\.path).sorted())
    }

    @Test("a dangling $ref is an error with its pointer and nothing is generated")
    func danglingReference() throws {
        let result = Generator.generate(specText: try TestSupport.fixtureText("dangling-ref"),
                                        fileName: "dangling-ref.yaml")
        #expect(result.files == nil)
        #expect(result.hasErrors)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.contains { $0.description.contains("Missing") })
        #expect(errors.allSatisfy { $0.location.hasPrefix("#") })
    }

    @Test("bad YAML generates nothing")
    func badYAML() throws {
        let result = Generator.generate(specText: try TestSupport.fixtureText("bad-yaml"), fileName: "bad-yaml.yaml")
        #expect(result.files == nil)
        #expect(result.hasErrors)
    }

    @Test("check finds changed, missing and extra files")
    func differences() throws {
        let generated = [GeneratedFile(path: "A.swift", contents: "a"), GeneratedFile(path: "B.swift", contents: "b"),
                         GeneratedFile(path: "Sub/C.swift", contents: "c")]
        let existing = ["A.swift": "a", "B.swift": "old", "Stale.swift": "s"]
        #expect(OutputDirectory.differences(between: generated, and: existing) == ["B.swift", "Stale.swift", "Sub/C.swift"])
        #expect(OutputDirectory.differences(between: generated, and: [
            "A.swift": "a", "B.swift": "b", "Sub/C.swift": "c",
        ]).isEmpty)
    }

    @Test("replacing the output swaps the whole directory and leaves no staging directories")
    func replaceOutput() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let output = parent.appendingPathComponent("Generated")
        try FileManager.default.createDirectory(at: output.appendingPathComponent("Schemas"),
                                                withIntermediateDirectories: true)
        try Data("old".utf8).write(to: output.appendingPathComponent("Schemas/Stale.swift"))

        let files = [GeneratedFile(path: "Managers/M.swift", contents: "m\n"), GeneratedFile(path: "X.swift", contents: "x\n")]
        try OutputDirectory.replaceContents(of: output, with: files)

        let existing = try OutputDirectory.existingFiles(in: output)
        #expect(existing == ["Managers/M.swift": "m\n", "X.swift": "x\n"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["Generated"])
    }

    @Test("hand-written type names are found so generated types avoid them")
    func declaredTypes() {
        let names = DeclaredTypeScanner.declaredNames(inSource: """
            public struct AccessToken: Codable {
                public struct Restriction {}
            }
            final class Box {}
            public actor Store {}
            enum Mode { case a }
            // struct Commented
            """)
        #expect(names == ["AccessToken", "Box", "Store", "Mode"])
    }

    @Test("the package root is the nearest directory with a Package.swift")
    func packageRoot() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-root-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let nested = root.appendingPathComponent("codegen/Sources")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try Data().write(to: root.appendingPathComponent("Package.swift"))
        #expect(PackageRoot.find(from: nested)?.standardizedFileURL.path == root.standardizedFileURL.path)
    }
}
