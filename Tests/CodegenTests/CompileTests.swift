import CodegenKit
import CodegenTestSupport
import Foundation
import Testing

/// Generates code into a temporary directory and type-checks it against the real runtime
/// module, built by SwiftPM before this test target (it is a dependency).
@Suite("Generated code compiles")
struct CompileTests {
    /// What to generate from: the synthetic spec, the real-shape synthetic JSON spec, a top-level fixture by name (`basic`),
    /// or a fixture file by its path below `Fixtures` (`tolerant/const.yaml`).
    static let sources = ["synthetic", "real-shape", "basic", "unions", "recursive", "bodies", "openapi30", "pagination",
                          "nested", "allof-required", "multifile/api.yaml", "tuples"] + [
        "bounds-out-of-range.json", "const.yaml", "duplicate-operation-ids.yaml", "empty-schemas.yaml",
        "example-for-examples.yaml", "exclusive-bounds-30.yaml", "exclusive-bounds-31.yaml", "forms-31-in-30.yaml",
        "mixed-enums.yaml", "no-responses.yaml", "nullable-31.yaml", "ref-siblings.yaml", "type-arrays.yaml",
        "unknown-formats.yaml", "float-integer-bounds.yaml", "inner-refs.yaml",
    ].map { "tolerant/\($0)" } + [
        "cookies.yaml", "deep-object.yaml", "delimited.yaml", "form-arrays.yaml", "form-objects.yaml", "headers.yaml",
        "json-query.yaml", "versioned.yaml",
    ].map { "params/\($0)" } + ["allof/unions-inside.yaml", "tolerant/repeated-warnings.yaml"]

    static func generate(_ source: String) throws -> Generator.Result {
        if source == "synthetic" {
            return Generator.generate(specText: SyntheticSpec.yaml(operations: 150, schemas: 150),
                                      fileName: "synthetic.yaml")
        }
        if source == "real-shape" {
            return Generator.generate(specText: SyntheticSpec.realShapeJSON(operations: 60, schemas: 60),
                                      fileName: "real-shape.json")
        }
        if source.contains("/") {
            return try TestSupport.generate(source)
        }
        return Generator.generate(specText: try TestSupport.fixtureText(source), fileName: "\(source).yaml")
    }

    @Test("generated code type-checks in Swift 6 mode without warnings", arguments: sources)
    func typeChecks(_ source: String) throws {
        let result = try Self.generate(source)
        let files = try #require(result.files, "\(result.diagnostics)")
        if source == "synthetic" || source == "real-shape" {
            #expect(!result.hasErrors)
            #expect(files.count > 60)
        }
        try Self.expectTypeChecks(files, label: source)
    }

    /// Writes `files` to a temporary directory and expects them to type-check without
    /// errors or warnings.
    static func expectTypeChecks(_ files: [GeneratedFile], label: String) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("codegen-compile-\(label.replacingOccurrences(of: "/", with: "-"))-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try OutputDirectory.replaceContents(of: directory, with: files)

        let output = try typeCheck(files.map { directory.appendingPathComponent($0.path).path })
        #expect(output.status == 0, "swiftc failed:\n\(output.text.prefix(4000))")
        #expect(!output.text.contains("warning:"), "warnings:\n\(output.text.prefix(4000))")
    }

    /// Writes `files` to a temporary directory and expects them to compile, as a module of
    /// their own, into an object file (code generation included, not only type checking)
    /// without errors or warnings, importing nothing but `BoxLikeRuntime` and Foundation.
    static func expectCompiles(_ files: [GeneratedFile], label: String) throws {
        let imports = Set(files.flatMap { file in
            file.contents.split(separator: "\n").filter { $0.hasPrefix("import ") }.map(String.init)
        })
        #expect(imports.isSubset(of: ["import BoxLikeRuntime", "import Foundation"]), "\(imports.sorted())")
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("codegen-object-\(label)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try OutputDirectory.replaceContents(of: directory, with: files)
        let object = directory.appendingPathComponent("Generated.o")
        let output = try compile(files.map { directory.appendingPathComponent($0.path).path },
                                 mode: ["-emit-object", "-parse-as-library", "-o", object.path])
        #expect(output.status == 0, "swiftc failed:\n\(output.text.prefix(4000))")
        #expect(!output.text.contains("warning:"), "warnings:\n\(output.text.prefix(4000))")
        #expect(FileManager.default.fileExists(atPath: object.path), "no object file")
    }

    /// Runs `swiftc -typecheck` with the module search paths of the SwiftPM build this
    /// test binary belongs to.
    static func typeCheck(_ paths: [String]) throws -> (status: Int32, text: String) {
        try compile(paths, mode: ["-typecheck"])
    }

    /// Runs `swiftc` in `mode` (`-typecheck`, or `-emit-object -o ...`) on one module, with
    /// the module search paths of the SwiftPM build this test binary belongs to.
    static func compile(_ paths: [String], mode: [String]) throws -> (status: Int32, text: String) {
        let build = try BuildLocation.current()
        // Generated code uses the runtime's `package` declarations, as the SDK module does: it
        // is checked as a module of the same package.
        // One frontend for the whole module: per-file jobs each parse every file again, which
        // takes minutes for the stress corpus's 1,500 files.
        var arguments = ["swiftc"] + mode + ["-wmo", "-swift-version", "6", "-strict-concurrency=complete",
                         "-module-name", "GeneratedCheck", "-package-name", build.packageName,
                         "-I", build.modules.path]
        for moduleMap in build.moduleMaps {
            arguments += ["-Xcc", "-fmodule-map-file=\(moduleMap)"]
        }
        let outcome = try TestProcess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments + paths)
        return (outcome.status, outcome.output)
    }
}

/// Where the SwiftPM build that produced this test binary keeps its modules.
struct BuildLocation: Sendable {
    let modules: URL
    let moduleMaps: [String]
    /// The package name SwiftPM compiled the runtime with (its `-package-name`).
    let packageName: String

    /// The location, worked out once per test run: the build manifest is megabytes long, and
    /// reading it again for each of the dozens of type checks cost more than the checks.
    static func current() throws -> BuildLocation {
        try found.get()
    }

    private static let found = Result { try find() }

    private static func find() throws -> BuildLocation {
        // The resource bundle sits in the build directory next to `Modules/`.
        let buildDirectory = Bundle.module.bundleURL.deletingLastPathComponent()
        let modules = buildDirectory.appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("BoxLikeRuntime.swiftmodule").path)
        else {
            throw LocationError.notFound("BoxLikeRuntime.swiftmodule under \(modules.path)")
        }
        // C modules the runtime's dependencies import are described by module maps; the
        // build manifest of this build's configuration (`debug.yaml` for `.../debug`, in
        // the scratch directory) lists them. Only that one: another configuration's
        // manifest names the same modules again, and each would be defined twice.
        let manifest = buildDirectory.lastPathComponent + ".yaml"
        var moduleMaps: Set<String> = []
        var packageName: String?
        var directory = buildDirectory
        for _ in 0..<4 {
            if let text = try? String(contentsOf: directory.appendingPathComponent(manifest), encoding: .utf8) {
                moduleMaps = Self.moduleMaps(in: text)
                packageName = Self.packageName(ofModule: "BoxLikeRuntime", in: text)
                break
            }
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
