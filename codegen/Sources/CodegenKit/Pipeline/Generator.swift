import Foundation

/// Runs the three stages, load ► model ► render, on a spec's text.
///
/// ```swift
/// let result = Generator.generate(specText: yaml, fileName: "specs/boxlike.yaml")
/// for diagnostic in result.diagnostics { print(diagnostic) }
/// if let files = result.files { ... }
/// ```
public enum Generator {
    /// The output and what was found on the way.
    public struct Result: Sendable {
        /// The generated files, sorted by path; `nil` when an error stopped generation.
        public let files: [GeneratedFile]?
        /// Errors and warnings from every stage.
        public let diagnostics: [Diagnostic]

        /// Whether any diagnostic is an error.
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Generates Swift files from a spec.
    ///
    /// - Parameters:
    ///   - specText: The spec's YAML or JSON text.
    ///   - fileName: How diagnostics and file headers name the spec.
    ///   - fileURL: Where the spec is, to resolve `$ref`s to other files against.
    ///   - reservedTypeNames: Type names the generated code must not declare.
    public static func generate(specText: String, fileName: String, fileURL: URL? = nil,
                                reservedTypeNames: Set<String> = []) -> Result {
        // The loader's own checks (``SpecChecks``) decide whether the document is usable;
        // OpenAPIKit's validator, which encodes the whole document again, is not needed on
        // top of them. They run while the model stage lowers types one by one
        // (``DeferredChecks``), and a document that fails them gives no files.
        let loaded = SpecLoader.load(text: specText, fileName: fileName, fileURL: fileURL, validate: false,
                                     schemasSideBySide: true, deferChecks: true)
        guard let document = loaded.document else {
            return Result(files: nil, diagnostics: loaded.diagnostics)
        }
        let options = ModelOptions(reservedTypeNames: reservedTypeNames, specDisplayName: fileName)
        let built = ModelBuilder.build(document, extensions: loaded.extensions, options: options,
                                       alongsideLowering: { loaded.deferredChecks?.start() })
        let checks = (loaded.deferredChecks?.results() ?? []).map(loaded.sourceMap.relocated)
        if checks.contains(where: { $0.severity == .error }) {
            return Result(files: nil, diagnostics: loaded.diagnostics + checks)
        }
        let files = built.model.map(SwiftRenderer.render)
        let diagnostics = loaded.diagnostics + checks + built.diagnostics.map(loaded.sourceMap.relocated)
        let failed = diagnostics.contains { $0.severity == .error }
        return Result(files: failed ? nil : files, diagnostics: diagnostics)
    }
}
