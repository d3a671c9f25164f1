import CodegenKit
import Testing

@Suite("Stage 1: loading")
struct LoaderTests {
    @Test("an OpenAPI 3.1 document loads without diagnostics")
    func loads31() throws {
        let result = SpecLoader.load(text: try TestSupport.fixtureText("basic"), fileName: "basic.yaml")
        #expect(result.document != nil)
        #expect(result.diagnostics.isEmpty)
        #expect(result.document?.paths.count == 4)
    }

    @Test("an OpenAPI 3.0 document is converted, keeping nullable")
    func converts30() throws {
        let (model, diagnostics) = try TestSupport.model("openapi30")
        #expect(diagnostics.isEmpty)
        let user = try TestSupport.structure("User", in: model)
        #expect(try user.property("name").isNullable)
        #expect(try user.property("modified_at").type == .date)
        #expect(model.managers.map(\.propertyName) == ["users"])
    }

    @Test("bad YAML is an error with its line and column")
    func badYAML() throws {
        let result = SpecLoader.load(text: try TestSupport.fixtureText("bad-yaml"), fileName: "bad-yaml.yaml")
        #expect(result.document == nil)
        let error = try #require(result.diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.location.hasPrefix("bad-yaml.yaml:"))
        #expect(error.location.split(separator: ":").count == 3)
        #expect(error.message.contains("invalid YAML"))
    }

    @Test("a missing required field is an error naming it")
    func missingField() throws {
        let result = SpecLoader.load(text: try TestSupport.fixtureText("missing-field"), fileName: "missing-field.yaml")
        #expect(result.document == nil)
        let error = try #require(result.diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.description.contains("info"))
    }

    @Test("a document without an openapi version is rejected")
    func missingVersion() {
        let result = SpecLoader.load(text: "info:\n  title: x\n", fileName: "x.yaml")
        #expect(result.document == nil)
        #expect(result.diagnostics.first?.message.contains("openapi") == true)
    }

    @Test("an empty file is rejected")
    func emptyFile() {
        let result = SpecLoader.load(text: "", fileName: "empty.yaml")
        #expect(result.document == nil)
        #expect(result.diagnostics.first?.severity == .error)
    }
}
