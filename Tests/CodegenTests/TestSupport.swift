import CodegenKit
import Foundation
import Testing

/// Reads fixtures and runs the pipeline's stages on them.
enum TestSupport {
    static func fixtureText(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "yaml", subdirectory: "Fixtures"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The model of a fixture; fails the test when loading or lowering fails.
    static func model(_ name: String, reserved: Set<String> = []) throws -> (APIModel, [Diagnostic]) {
        let loaded = SpecLoader.load(text: try fixtureText(name), fileName: "\(name).yaml")
        let document = try #require(loaded.document, "\(loaded.diagnostics)")
        let built = ModelBuilder.build(document, extensions: loaded.extensions,
                                       options: ModelOptions(reservedTypeNames: reserved,
                                                                       specDisplayName: "\(name).yaml"))
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
