import CodegenKit
import Foundation

/// `codegen_300ops_seconds`: the median time to load, model and render a synthetic
/// document with 300 operations and 300 schemas (in memory; nothing is written).
enum CodegenBenchmark {
    static func run(report: (String, Double) -> Void) async throws {
        let text = SyntheticSpec.yaml(operations: 300, schemas: 300)
        var durations: [Double] = []
        for _ in 0..<5 {
            let start = ContinuousClock.now
            let result = Generator.generate(specText: text, fileName: "synthetic.yaml")
            let elapsed = ContinuousClock.now - start
            guard let files = result.files, !files.isEmpty else {
                throw BenchmarkError.childFailed("codegen failed: \(result.diagnostics.prefix(3))")
            }
            durations.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        durations.sort()
        report("codegen_300ops_seconds", durations[durations.count / 2])
    }
}
