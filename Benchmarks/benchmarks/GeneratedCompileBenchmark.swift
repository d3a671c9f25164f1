import CodegenKit
import Foundation

/// `generated_compile_seconds`: how long a debug build of the code generated from the
/// real-shape document takes, compiled as a module of its own against the runtime the way
/// SwiftPM builds a target (`-Onone -g`, `-enable-batch-mode`, `-package-name` of this
/// package, complete strict concurrency). The runtime's module and the C module maps come
/// from the build this executable belongs to.
enum GeneratedCompileBenchmark {
    static func measure(specText: String) throws -> Double {
        let result = Generator.generate(specText: specText, fileName: "real-shape.json")
        guard let files = result.files else {
            throw BenchmarkError.childFailed("codegen failed: \(result.diagnostics.prefix(3))")
        }
        let build = try BuildProducts.current()
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("generated-compile-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let sources = directory.appendingPathComponent("Sources")
        let objects = directory.appendingPathComponent("Objects")
        try OutputDirectory.replaceContents(of: sources, with: files)
        try FileManager.default.createDirectory(at: objects, withIntermediateDirectories: true)

        var arguments = ["swiftc", "-module-name", "RealShapeAPI", "-parse-as-library", "-swift-version", "6",
                         "-strict-concurrency=complete", "-Onone", "-g", "-enable-testing",
                         "-package-name", build.packageName, "-I", build.modules.path,
                         "-emit-module", "-emit-module-path", objects.appendingPathComponent("RealShapeAPI.swiftmodule").path,
                         "-c", "-enable-batch-mode", "-j", String(ProcessInfo.processInfo.activeProcessorCount)]
        for moduleMap in build.moduleMaps { arguments += ["-Xcc", "-fmodule-map-file=\(moduleMap)"] }
        arguments += files.map { sources.appendingPathComponent($0.path).path }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = objects
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let start = ContinuousClock.now
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - start
        guard process.terminationStatus == 0 else {
            throw BenchmarkError.childFailed("swiftc failed: \(String(decoding: text.prefix(4000), as: UTF8.self))")
        }
        print("# compiled \(files.count) generated files")
        return CodegenBenchmark.seconds(elapsed)
    }
}

/// Where the SwiftPM build this executable belongs to keeps its modules, its C module maps
/// and the `-package-name` it compiled the runtime with (read from the build manifest).
struct BuildProducts {
    let modules: URL
    let moduleMaps: [String]
    let packageName: String

    static func current() throws -> BuildProducts {
        let executable = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .resolvingSymlinksInPath()
        let buildDirectory = executable.deletingLastPathComponent()
        let modules = buildDirectory.appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("BoxLikeRuntime.swiftmodule").path) else {
            throw BenchmarkError.childFailed("no BoxLikeRuntime.swiftmodule under \(modules.path)")
        }
        let manifest = buildDirectory.lastPathComponent + ".yaml"
        var directory = buildDirectory
        for _ in 0..<4 {
            if let text = try? String(contentsOf: directory.appendingPathComponent(manifest), encoding: .utf8),
               let packageName = packageName(ofModule: "BoxLikeRuntime", in: text) {
                return BuildProducts(modules: modules, moduleMaps: moduleMaps(in: text).sorted(), packageName: packageName)
            }
            directory = directory.deletingLastPathComponent()
        }
        throw BenchmarkError.childFailed("no build manifest \(manifest) above \(buildDirectory.path)")
    }

    private static func packageName(ofModule module: String, in manifest: String) -> String? {
        for line in manifest.split(separator: "\n") where line.contains("\"-module-name\",\"\(module)\"") {
            guard let flag = line.range(of: "\"-package-name\",\"") else { continue }
            let rest = line[flag.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { continue }
            return String(rest[..<end])
        }
        return nil
    }

    private static func moduleMaps(in manifest: String) -> Set<String> {
        var found: Set<String> = []
        let marker = "-fmodule-map-file="
        var remainder = Substring(manifest)
        while let range = remainder.range(of: marker) {
            let tail = remainder[range.upperBound...]
            let end = tail.firstIndex { $0 == "\"" || $0 == " " || $0 == "\n" } ?? tail.endIndex
            found.insert(String(tail[..<end]))
            remainder = tail[end...]
        }
        return found
    }
}
