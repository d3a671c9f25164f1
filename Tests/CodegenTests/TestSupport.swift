import BoxLikeNetworkTestSupport
import CodegenKit
import Foundation
import Testing

/// Reads fixtures and runs the pipeline's stages on them.
enum TestSupport {
    static func fixtureText(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "yaml", subdirectory: "Fixtures"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// A fixture file's location, by its path below `Fixtures` (`tolerant/const.yaml`).
    static func fixtureURL(_ path: String) throws -> URL {
        let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let url = fixtures.appendingPathComponent(path)
        try #require(FileManager.default.fileExists(atPath: url.path), "no fixture \(path)")
        return url
    }

    /// Loads a fixture file (and the files it refers to), naming it by its path below
    /// `Fixtures` in diagnostics.
    static func load(_ path: String) throws -> SpecLoader.LoadResult {
        SpecLoader.load(contentsOf: try fixtureURL(path), displayName: path)
    }

    /// Generates from a fixture file; fails the test when generation fails.
    static func generate(_ path: String) throws -> Generator.Result {
        let url = try fixtureURL(path)
        let result = Generator.generate(specText: try String(contentsOf: url, encoding: .utf8), fileName: path,
                                        fileURL: url)
        _ = try #require(result.files, "\(result.diagnostics)")
        return result
    }

    /// The model of a fixture; fails the test when loading or lowering fails.
    ///
    /// - Parameter name: A top-level YAML fixture's name (`basic`), or a path below
    ///   `Fixtures` with its extension (`tolerant/const.yaml`).
    static func model(_ name: String, reserved: Set<String> = []) throws -> (APIModel, [Diagnostic]) {
        let fileName = name.contains(".") ? name : "\(name).yaml"
        let loaded = name.contains(".") ? try load(name) : SpecLoader.load(text: try fixtureText(name), fileName: fileName)
        let document = try #require(loaded.document, "\(loaded.diagnostics)")
        let built = ModelBuilder.build(document, extensions: loaded.extensions,
                                       options: ModelOptions(reservedTypeNames: reserved,
                                                                       specDisplayName: fileName))
        let model = try #require(built.model, "\(built.diagnostics)")
        return (model, loaded.diagnostics + built.diagnostics)
    }

    /// The generated files of a fixture by path.
    static func files(_ name: String) throws -> [String: String] {
        let result = Generator.generate(specText: try fixtureText(name), fileName: "\(name).yaml")
        let files = try #require(result.files, "\(result.diagnostics)")
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
    }

    static func structure(_ name: String, in model: APIModel) throws -> StructDeclaration {
        guard case .structure(let declaration)? = model.declaration(named: name) else {
            Issue.record("no struct \(name); have \(model.declarations.map(\.name))")
            throw FixtureError.missing(name)
        }
        return declaration
    }

    static func union(_ name: String, in model: APIModel) throws -> UnionDeclaration {
        guard case .union(let declaration)? = model.declaration(named: name) else {
            Issue.record("no union \(name); have \(model.declarations.map(\.name))")
            throw FixtureError.missing(name)
        }
        return declaration
    }

    static func enumeration(_ name: String, in model: APIModel) throws -> EnumDeclaration {
        guard case .openEnum(let declaration)? = model.declaration(named: name) else {
            Issue.record("no enum \(name); have \(model.declarations.map(\.name))")
            throw FixtureError.missing(name)
        }
        return declaration
    }

    static func operation(_ methodName: String, in model: APIModel) throws -> OperationModel {
        let operation = model.managers.flatMap(\.operations).first { $0.methodName == methodName }
        return try #require(operation, "no operation \(methodName)")
    }

    enum FixtureError: Error {
        case missing(String)
    }
}

extension StructDeclaration {
    func property(_ wireName: String) throws -> PropertyDeclaration {
        try #require(properties.first { $0.wireName == wireName }, "no property \(wireName) in \(name)")
    }
}

/// Runs programs from tests: the `codegen` executable of the build this test binary
/// belongs to, or any other.
enum TestProcess {
    struct Outcome {
        var status: Int32
        var output: String
    }

    /// The package the tests were built from, where `codegen` finds its default spec.
    static func packageRoot() throws -> URL {
        try #require(PackageRoot.find(from: Bundle.module.bundleURL), "no Package.swift above the build directory")
    }

    /// Runs `codegen` with `arguments` in the package root.
    static func runCodegen(_ arguments: [String]) throws -> Outcome {
        let executable = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("codegen")
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "no codegen at \(executable.path)")
        return try run(executable, arguments, in: try packageRoot())
    }

    /// Runs a program and collects its standard output and error together.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil) throws -> Outcome {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-test-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let (program, programArguments) = directory.map { ("/usr/bin/env", ["-C", $0.path, executable.path] + arguments) }
            ?? (executable.path, arguments)
        let child = try ChildProcess.spawn(program, programArguments, standardOutput: .file(log), standardError: .file(log))
        let status = child.waitBlocking()
        return Outcome(status: status, output: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    /// A new empty directory that is removed when `body` returns.
    static func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }
}
