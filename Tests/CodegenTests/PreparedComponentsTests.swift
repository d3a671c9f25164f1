import Testing
@testable import CodegenKit
import CodegenTestSupport

/// A large document's component structs are prepared side by side before lowering
/// (``Lowering/prepareComponentStructs()``): the model and the diagnostics must be the ones
/// preparing each struct where it is declared gives.
@Suite("Stage 2: component structs prepared side by side")
struct PreparedComponentsTests {
    func build(_ text: String, sideBySide: Bool) throws -> ModelBuilder.BuildResult {
        let loaded = SpecLoader.load(text: text, fileName: "many.yaml", validate: false)
        let document = try #require(loaded.document)
        var options = ModelOptions()
        options.preparesStructsSideBySide = sideBySide
        return ModelBuilder.build(document, extensions: loaded.extensions, options: options)
    }

    @Test("a real-shape document gives the same model either way")
    func realShapeModelIsTheSame() throws {
        let text = SyntheticSpec.realShapeJSON(operations: 60, schemas: 300)
        let sideBySide = try build(text, sideBySide: true)
        let inPlace = try build(text, sideBySide: false)

        #expect(sideBySide.model != nil)
        #expect(sideBySide.model == inPlace.model)
        #expect(sideBySide.diagnostics == inPlace.diagnostics)
    }

    @Test("what collecting a component notes is reported in the same place either way")
    func notesKeepTheirPlace() throws {
        let text = Self.document(schemas: 90)
        let sideBySide = try build(text, sideBySide: true)
        let inPlace = try build(text, sideBySide: false)

        #expect(sideBySide.diagnostics.contains { $0.message.contains("non-object schema inside an `allOf`") })
        #expect(sideBySide.diagnostics == inPlace.diagnostics)
        #expect(sideBySide.model == inPlace.model)
    }

    /// `schemas` objects, each extending the one before it through `allOf`; every seventh
    /// also mixes a string into its `allOf`, which the collector notes.
    static func document(schemas: Int) -> String {
        var text = """
            openapi: 3.1.0
            info:
              title: Many
              version: '1'
            paths: {}
            components:
              schemas:

            """
        for index in 0..<schemas {
            text += "    Thing\(index):\n      allOf:\n"
            text += "        - type: object\n          properties:\n            field\(index):\n              type: string\n"
            if index > 0 { text += "        - $ref: '#/components/schemas/Thing\(index - 1)'\n" }
            if index % 7 == 2 { text += "        - type: string\n" }
        }
        return text
    }
}

/// Each speed mechanism of ``GeneratorTuning`` changes how fast the files come, not what they
/// hold.
@Suite("Generator tuning")
struct GeneratorTuningTests {
    @Test("turning off any one mechanism, or all, gives the same files and diagnostics",
          arguments: GeneratorTuning.names.map { "-" + $0 } + [GeneratorTuning.names.map { "-" + $0 }.joined(separator: ",")])
    func sameFilesEitherWay(_ off: String) throws {
        let text = SyntheticSpec.realShapeJSON(operations: 60, schemas: 120)
        let tuning = try #require(GeneratorTuning(parsing: off))
        let tuned = Generator.generate(specText: text, fileName: "shape.json", tuning: tuning)
        let all = Generator.generate(specText: text, fileName: "shape.json")

        #expect(all.files?.isEmpty == false)
        #expect(tuned.files == all.files)
        #expect(tuned.serverFiles == all.serverFiles)
        #expect(tuned.sweepFiles == all.sweepFiles)
        #expect(tuned.diagnostics == all.diagnostics)
    }
}
