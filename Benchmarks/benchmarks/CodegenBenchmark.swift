import CodegenKit
import CodegenTestSupport
import Foundation

/// The codegen group:
/// - `codegen_300ops_seconds`: a synthetic YAML document with 300 operations and 300 schemas;
/// - `codegen_real_shape_seconds`: an OpenAPI 3.0 JSON document shaped like published ones
///   (long Markdown descriptions, examples, `allOf` chains, deep inline objects, many enums),
///   300 operations, about 1.7 MB;
/// - `codegen_1500_schemas_seconds`: the same shape with 1,500 component schemas;
///
/// Generation figures are the median of nine runs in memory (nothing is written), after one
/// run that is not counted (it pays for first-touch page faults and lazy runtime setup). The
/// `compile` group, `generated_compile_seconds` (see ``GeneratedCompileBenchmark``), is apart
/// because it runs for many minutes.
enum CodegenBenchmark {
    static func run(report: (String, Double) -> Void) async throws {
        report("codegen_300ops_seconds", try median(SyntheticSpec.yaml(operations: 300, schemas: 300), "synthetic.yaml"))

        let realShape = SyntheticSpec.realShapeJSON(operations: 300, schemas: 300)
        print(String(format: "# real-shape document: %.2f MB JSON", Double(realShape.utf8.count) / 1_000_000))
        report("codegen_real_shape_seconds", try median(realShape, "real-shape.json"))

        let manySchemas = SyntheticSpec.realShapeJSON(operations: 300, schemas: 1500)
        print(String(format: "# 1500-schema document: %.2f MB JSON", Double(manySchemas.utf8.count) / 1_000_000))
        report("codegen_1500_schemas_seconds", try median(manySchemas, "many-schemas.json"))

    }

    /// The `compile` group: the debug build time of the code generated from the real-shape spec.
    static func runCompile(report: (String, Double) -> Void) async throws {
        let realShape = SyntheticSpec.realShapeJSON(operations: 300, schemas: 300)
        report("generated_compile_seconds", try GeneratedCompileBenchmark.measure(specText: realShape))
    }

    /// The median of nine generations of `text`, after one that is not counted.
    static func median(_ text: String, _ fileName: String) throws -> Double {
        var durations: [Double] = []
        for run in 0..<10 {
            let start = ContinuousClock.now
            let result = Generator.generate(specText: text, fileName: fileName)
            let elapsed = ContinuousClock.now - start
            guard let files = result.files, !files.isEmpty else {
                throw BenchmarkError.childFailed("codegen of \(fileName) failed: \(result.diagnostics.prefix(3))")
            }
            if run > 0 { durations.append(seconds(elapsed)) }
        }
        durations.sort()
        return durations[durations.count / 2]
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
