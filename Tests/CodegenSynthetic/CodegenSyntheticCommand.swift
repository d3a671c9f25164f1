import ArgumentParser
import CodegenKit
import CodegenTestSupport
import Foundation

/// `swift run codegen-synthetic`: generates from a made-up document (the synthetic specs and
/// the stress corpus of `CodegenTestSupport`), for profiling and for trying other tools on
/// the same documents. Not shipped: the `codegen` product reads real specs only.
@main
struct CodegenSyntheticCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codegen-synthetic",
        abstract: "Generates from a synthetic OpenAPI document (stress tests and timing).",
        discussion: """
            Makes the document in memory, generates from it as `codegen` would, prints how long \
            that took and the diagnostics, and writes the files to --output.
            """
    )

    @Option(name: .long, help: "How many operations (and, by default, schemas) the document has.")
    var synthetic: Int

    @Option(name: .long, help: """
        `yaml` (default; the feature-coverage document), `real-shape` (OpenAPI 3.0 JSON shaped \
        like published documents: long descriptions, examples, allOf chains), or a stress-corpus \
        document (`giant-3.1`, `stripe-like`, `github-like`; their size is fixed).
        """)
    var syntheticShape: String = "yaml"

    @Option(name: .long, help: "How many schemas. Default: as many as operations.")
    var syntheticSchemas: Int?

    @Option(name: .long, help: "The directory to write the generated files to.")
    var output: String

    @Option(name: .long, help: "Also write the synthetic document here (to try other tools on it).")
    var writeSpec: String?

    @Flag(name: .long, help: "List every place of a warning that is reported once for many places.")
    var verbose = false

    func validate() throws {
        if !(["yaml", "real-shape"] + StressCorpus.names).contains(syntheticShape) {
            throw ValidationError("--synthetic-shape is `yaml`, `real-shape` or one of \(StressCorpus.names)")
        }
    }

    func run() throws {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let text = StressCorpus.document(syntheticShape)
            ?? (syntheticShape == "real-shape"
                ? SyntheticSpec.realShapeJSON(operations: synthetic, schemas: syntheticSchemas ?? synthetic)
                : SyntheticSpec.yaml(operations: synthetic, schemas: syntheticSchemas ?? synthetic))
        if let writeSpec {
            try Data(text.utf8).write(to: resolve(writeSpec, against: current))
        }
        let tuningText = ProcessInfo.processInfo.environment["BOXLIKE_CODEGEN_TUNING"] ?? ""
        guard let tuning = GeneratorTuning(parsing: tuningText) else {
            printError("error: BOXLIKE_CODEGEN_TUNING names -\(GeneratorTuning.names.joined(separator: ", -"))")
            throw ExitCode(1)
        }
        let start = ContinuousClock.now
        let fileName = syntheticShape == "yaml" ? "synthetic.yaml" : "\(syntheticShape).json"
        let result = Generator.generate(specText: text, fileName: fileName, tuning: tuning)
        print("generated \(text.utf8.count) bytes of spec in \(ContinuousClock.now - start)")
        for diagnostic in result.diagnostics {
            printError(verbose ? diagnostic.verboseDescription : diagnostic.description)
        }
        guard let files = result.files, !result.hasErrors else {
            printError("error: generation failed; nothing was written")
            throw ExitCode(1)
        }
        let outputURL = resolve(output, against: current)
        try OutputDirectory.replaceContents(of: outputURL, with: files)
        print("Wrote \(files.count) files to \(outputURL.path).")
    }

    private func resolve(_ path: String, against root: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    }

    private func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
