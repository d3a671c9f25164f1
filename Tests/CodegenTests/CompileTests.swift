import CodegenKit
import Foundation
import Testing

/// Generates code into a temporary directory and type-checks it against the real runtime
/// module, built by SwiftPM before this test target (it is a dependency).
@Suite("Generated code compiles")
struct CompileTests {
    enum Source: String, CaseIterable, CustomTestStringConvertible {
        case synthetic, basic, unions, recursive, bodies, openapi30, pagination

        var testDescription: String { rawValue }

        func text() throws -> String {
            switch self {
            case .synthetic: SyntheticSpec.yaml(operations: 150, schemas: 150)
            default: try TestSupport.fixtureText(rawValue)
            }
        }
    }

    @Test("generated code type-checks in Swift 6 mode without warnings", arguments: Source.allCases)
    func typeChecks(_ source: Source) throws {
        let result = Generator.generate(specText: try source.text(), fileName: "\(source.rawValue).yaml")
        let files = try #require(result.files, "\(result.diagnostics)")
        if source == .synthetic {
            #expect(!result.hasErrors)
            #expect(files.count > 100)
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("codegen-compile-\(source.rawValue)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try OutputDirectory.replaceContents(of: directory, with: files)

        let output = try Self.typeCheck(files.map { directory.appendingPathComponent($0.path).path })
        #expect(output.status == 0, "swiftc failed:\n\(output.text.prefix(4000))")
        #expect(!output.text.contains("warning:"), "warnings:\n\(output.text.prefix(4000))")
    }

    /// Runs `swiftc -typecheck` with the module search paths of the SwiftPM build this
    /// test binary belongs to.
    static func typeCheck(_ paths: [String]) throws -> (status: Int32, text: String) {
        let build = try BuildLocation.current()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Generated code uses the runtime's `package` declarations, as the SDK module does: it
        // is checked as a module of the same package.
        var arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-strict-concurrency=complete",
                         "-module-name", "GeneratedCheck", "-package-name", build.packageName,
                         "-I", build.modules.path]
        for moduleMap in build.moduleMaps {
            arguments += ["-Xcc", "-fmodule-map-file=\(moduleMap)"]
        }
        process.arguments = arguments + paths
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// Where the SwiftPM build that produced this test binary keeps its modules.
struct BuildLocation {
    let modules: URL
    let moduleMaps: [String]
    /// The package name SwiftPM compiled the runtime with (its `-package-name`).
    let packageName: String

    static func current() throws -> BuildLocation {
        // The resource bundle sits in the build directory next to `Modules/`.
        let buildDirectory = Bundle.module.bundleURL.deletingLastPathComponent()
        let modules = buildDirectory.appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("BoxLikeRuntime.swiftmodule").path)
        else {
            throw LocationError.notFound("BoxLikeRuntime.swiftmodule under \(modules.path)")
        }
        // C modules the runtime's dependencies import are described by module maps; the
        // build manifest (debug.yaml or release.yaml in the scratch directory) lists them.
        var moduleMaps: Set<String> = []
        var packageName: String?
        var directory = buildDirectory
        for _ in 0..<4 {
            for manifest in ["debug.yaml", "release.yaml"] {
                let url = directory.appendingPathComponent(manifest)
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                moduleMaps.formUnion(Self.moduleMaps(in: text))
                packageName = packageName ?? Self.packageName(ofModule: "BoxLikeRuntime", in: text)
            }
            if !moduleMaps.isEmpty { break }
            directory = directory.deletingLastPathComponent()
        }
        guard let packageName else { throw LocationError.notFound("the -package-name of BoxLikeRuntime") }
        return BuildLocation(modules: modules, moduleMaps: moduleMaps.sorted(), packageName: packageName)
    }

    /// The `-package-name` on the compile command of `module` in a build manifest.
    static func packageName(ofModule module: String, in manifest: String) -> String? {
        for line in manifest.split(separator: "\n") where line.contains("\"-module-name\",\"\(module)\"") {
            guard let flag = line.range(of: "\"-package-name\",\"") else { continue }
            let rest = line[flag.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { continue }
            return String(rest[..<end])
        }
        return nil
    }

    static func moduleMaps(in manifest: String) -> Set<String> {
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

    enum LocationError: Error {
        case notFound(String)
    }
}
