import CodegenKit
import Foundation
import Testing

/// What stays an error: broken syntax and references to nothing, each with its location;
/// and a failed run writes nothing.
@Suite("Stage 1: errors")
struct LoadErrorTests {
    private func errors(_ result: SpecLoader.LoadResult) -> [Diagnostic] {
        result.diagnostics.filter { $0.severity == .error }
    }

    @Test("bad JSON is an error with its line and column, read without the YAML parser")
    func badJSON() throws {
        let result = try TestSupport.load("errors/bad.json")
        #expect(result.document == nil)
        let error = try #require(errors(result).first)
        #expect(error.location == "errors/bad.json:4:13")
        #expect(error.message.hasPrefix("invalid JSON"))
    }

    @Test("JSON that YAML 1.1 rejects loads, keeping member order")
    func jsonOnlyConstructs() throws {
        let text = #"""
            {"openapi": "3.1.0", "info": {"title": "Slash \/ and \ud83d\ude00", "version": "1"},
             "paths": {"/b": {"get": {"operationId": "b", "responses": {"204": {"description": "B."}}}},
                       "/a": {"get": {"operationId": "a", "responses": {"204": {"description": "A."}}}}}}
            """#
        let result = SpecLoader.load(text: text, fileName: "inline.json")
        let document = try #require(result.document, "\(result.diagnostics)")
        #expect(document.info.title == "Slash / and 😀")
        #expect(document.paths.keys.map(\.rawValue) == ["/b", "/a"])
    }

    @Test("references to a missing file, or to nothing in a file, are errors naming the file and pointer")
    func danglingExternalReferences() throws {
        let result = try TestSupport.load("errors/dangling-external.yaml")
        #expect(result.document == nil)
        let found = errors(result)
        #expect(found.map(\.location) == [
            "#/paths/~1a/get/responses/200/content/application~1json/schema/$ref",
            "#/paths/~1b/get/responses/200/content/application~1json/schema/$ref",
            "errors/models.yaml#/Present/properties/other/$ref",
        ])
        #expect(found[0].message.contains("`errors/models.yaml` has no `#/Missing`"))
        #expect(found[1].message.contains("errors/absent.yaml") && found[1].message.contains("no such file"))
        #expect(found[2].message.contains("`errors/models.yaml` has no `#/AlsoMissing`"))
    }

    @Test("bad YAML in another file is an error at that file's line and column")
    func brokenExternalFile() throws {
        let result = try TestSupport.load("errors/broken-external.yaml")
        #expect(result.document == nil)
        let error = try #require(errors(result).first)
        #expect(error.location.hasPrefix("errors/broken.yaml:"))
        #expect(error.location.split(separator: ":").count == 3)
    }

    @Test("a reference to another file needs the spec's location")
    func externalReferenceWithoutFile() {
        let text = """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            paths:
              /a:
                $ref: paths/a.yaml
            """
        let result = SpecLoader.load(text: text, fileName: "text.yaml")
        #expect(result.document == nil)
        #expect(errors(result).first?.location == "#/paths/~1a/$ref")
    }

    @Test("a failed run leaves the output directory as it was", arguments: [
        "errors/bad.json", "errors/dangling-external.yaml", "errors/broken-external.yaml",
    ])
    func failedRunWritesNothing(_ fixture: String) throws {
        try TestProcess.withTemporaryDirectory { directory in
            let output = directory.appendingPathComponent("Generated")
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            try Data("// kept\n".utf8).write(to: output.appendingPathComponent("Existing.swift"))

            let outcome = try TestProcess.runCodegen(["--spec", try TestSupport.fixtureURL(fixture).path,
                                                  "--output", output.path])
            #expect(outcome.status == 1)
            #expect(outcome.output.contains("error: "))
            #expect(try OutputDirectory.existingFiles(in: output) == ["Existing.swift": "// kept\n"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["Generated"])
        }
    }
}
