import ArgumentParser
import CodegenKit
import Foundation

/// `swift run codegen`: regenerates the SDK's generated sources from the spec.
@main
struct CodegenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codegen",
        abstract: "Generates the SDK's Swift sources from the OpenAPI spec.",
        discussion: """
            Reads the spec (OpenAPI 3.0, 3.1 or 3.2, YAML or JSON, with the files its $refs \
            name), prints warnings for what it rewrote or cannot express (skipped), and \
            replaces the output directory's contents. \
            On any error nothing is written. Relative paths are resolved against the package \
            root, found by walking up from the current directory to a Package.swift.
            """
    )

    @Option(name: .long, help: "The spec to read. Default: specs/boxlike.yaml in the package root.")
    var spec: String?

    @Option(name: .long, help: "The directory to write. Default: Sources/BoxLikeSDK/Generated in the package root.")
    var output: String?

    @Option(name: .long, help: """
        The directory for the local Box's generated operation table. Default: \
        Sources/BoxLikeServer/Generated in the package root when neither --spec nor --output is \
        given (the project's own spec), otherwise none.
        """)
    var serverOutput: String?

    @Option(name: .long, help: """
        The directory for the SDK tests' generated operation sweep (one call per operation \
        through BoxClient). Default: Tests/BoxLikeSDKTests/Generated in the package root when \
        neither --spec nor --output is given (the project's own spec), otherwise none.
        """)
    var sweepOutput: String?

    @Flag(name: .long, help: """
        Write nothing; exit with status 1 and list the files that differ when the output \
        directory does not match what the spec generates.
        """)
    var check = false

    @Option(name: .long, parsing: .singleValue, help: """
        A directory of hand-written Swift whose type names generated types must avoid; \
        repeatable. Default: the sources of the module the output is in (Sources/<Module>, \
        without the output) and Sources/BoxLikeRuntime; nothing outside the package.
        """)
    var reserveNamesFrom: [String] = []

    @Option(name: .long, help: "How file headers and diagnostics name the spec. Default: the spec path as given.")
    var specName: String?

    @Flag(name: .long, help: "List every place of a warning that is reported once for many places (an unknown format).")
    var verbose = false

    func run() throws {
        let currentDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let root = PackageRoot.find(from: currentDirectory) ?? currentDirectory
        let specPath = spec ?? "specs/boxlike.yaml"
        let specURL = resolve(specPath, against: root)
        let outputURL = resolve(output ?? "Sources/BoxLikeSDK/Generated", against: root)

        let text: String
        do {
            text = try String(contentsOf: specURL, encoding: .utf8)
        } catch {
            printError("error: \(specURL.path): cannot read the spec: \(error.localizedDescription)")
            throw ExitCode(1)
        }

        let reserveDirectories = reserveNamesFrom.isEmpty
            ? ReservedNames.defaultDirectories(forOutput: outputURL, runtimePackage: PackageRoot.find(from: currentDirectory))
            : reserveNamesFrom.map { resolve($0, against: root) }
        let reserved = ReservedNames.names(in: reserveDirectories, excluding: outputURL)

        // Measuring a speed mechanism: `BOXLIKE_CODEGEN_TUNING=-chunks` turns it off.
        let tuningText = ProcessInfo.processInfo.environment["BOXLIKE_CODEGEN_TUNING"] ?? ""
        guard let tuning = GeneratorTuning(parsing: tuningText) else {
            printError("error: BOXLIKE_CODEGEN_TUNING names -\(GeneratorTuning.names.joined(separator: ", -"))")
            throw ExitCode(1)
        }
        let result = Generator.generate(specText: text, fileName: specName ?? specPath, fileURL: specURL,
                                        reservedTypeNames: reserved, tuning: tuning)
        for diagnostic in result.diagnostics {
            printError(verbose ? diagnostic.verboseDescription : diagnostic.description)
        }
        guard let files = result.files, !result.hasErrors else {
            printError("error: generation failed; \(outputURL.path) was left unchanged")
            throw ExitCode(1)
        }

        var targets = [(url: outputURL, files: files)]
        let serverDirectory = serverOutput ?? (spec == nil && output == nil ? "Sources/BoxLikeServer/Generated" : nil)
        if let serverDirectory, let serverFiles = result.serverFiles {
            targets.append((url: resolve(serverDirectory, against: root), files: serverFiles))
        }
        let sweepDirectory = sweepOutput ?? (spec == nil && output == nil ? "Tests/BoxLikeSDKTests/Generated" : nil)
        if let sweepDirectory, let sweepFiles = result.sweepFiles {
            targets.append((url: resolve(sweepDirectory, against: root), files: sweepFiles))
        }
        let changes = try targets.map { target in
            (target, OutputDirectory.differences(between: target.files, and: try OutputDirectory.existingFiles(in: target.url)))
        }
        let fileCount = targets.reduce(0) { $0 + $1.files.count }
        if check {
            let stale = changes.flatMap { change in change.1.map { change.0.url.path + "/" + $0 } }
            guard stale.isEmpty else {
                printError("error: the generated code is out of date; run `swift run codegen`. Differing files:")
                for path in stale { printError("  \(path)") }
                throw ExitCode(1)
            }
            print("Generated code is up to date (\(fileCount) files).")
            return
        }
        let changed = changes.reduce(0) { $0 + $1.1.count }
        guard changed > 0 else {
            print("Generated code is already up to date (\(fileCount) files).")
            return
        }
        for (target, differences) in changes where !differences.isEmpty {
            try OutputDirectory.replaceContents(of: target.url, with: target.files)
            print("Wrote \(target.files.count) files to \(target.url.path) (\(differences.count) changed).")
        }
    }

    private func resolve(_ path: String, against root: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    }

    private func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
