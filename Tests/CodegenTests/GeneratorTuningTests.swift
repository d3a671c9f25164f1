import Testing
@testable import CodegenKit
import CodegenTestSupport

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
