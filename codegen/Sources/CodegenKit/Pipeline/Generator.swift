import Foundation
import OpenAPIKit

/// Runs the three stages, load ► model ► render, on a spec's text.
///
/// ```swift
/// let result = Generator.generate(specText: yaml, fileName: "specs/boxlike.yaml")
/// for diagnostic in result.diagnostics { print(diagnostic) }
/// if let files = result.files { ... }
/// ```
package enum Generator {
    /// The output and what was found on the way.
    package struct Result: Sendable {
        /// The generated files, sorted by path; `nil` when an error stopped generation.
        package let files: [GeneratedFile]?
        /// The local Box's generated files (its operation table), `nil` when ``files`` is.
        package let serverFiles: [GeneratedFile]?
        /// The SDK tests' generated files (the operation sweep), `nil` when ``files`` is.
        package let sweepFiles: [GeneratedFile]?
        /// Errors and warnings from every stage; warnings that say the same about many
        /// places are one diagnostic each (``Diagnostic/summarized(_:)``).
        package let diagnostics: [Diagnostic]

        /// Whether any diagnostic is an error.
        package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Generates Swift files from a spec.
    ///
    /// - Parameters:
    ///   - specText: The spec's YAML or JSON text.
    ///   - fileName: How diagnostics and file headers name the spec.
    ///   - fileURL: Where the spec is, to resolve `$ref`s to other files against.
    ///   - reservedTypeNames: Type names the generated code must not declare.
    ///   - tuning: Which speed mechanisms to use (all by default; the output is the same).
    package static func generate(specText: String, fileName: String, fileURL: URL? = nil,
                                 reservedTypeNames: Set<String> = [], tuning: GeneratorTuning = .all) -> Result {
        // Stage 1: load: a checked document (``SpecChecks``), or the reasons there is none.
        let loaded = SpecLoader.load(text: specText, fileName: fileName, fileURL: fileURL, validate: false,
                                     schemasSideBySide: tuning.decodesInChunks,
                                     schemaReader: tuning.readsSchemasDirectly)
        guard let document = loaded.document else {
            return Result(files: nil, serverFiles: nil, sweepFiles: nil, diagnostics: Diagnostic.summarized(loaded.diagnostics))
        }

        // Stage 2: model.
        let options = ModelOptions(reservedTypeNames: reservedTypeNames, specDisplayName: fileName)
        let built = ModelBuilder.build(document, extensions: loaded.extensions, options: options)
        let diagnostics = Diagnostic.summarized(loaded.diagnostics + built.diagnostics.map(loaded.sourceMap.relocated))

        // Stage 3: render.
        guard let model = built.model, !diagnostics.contains(where: { $0.severity == .error }) else {
            return Result(files: nil, serverFiles: nil, sweepFiles: nil, diagnostics: diagnostics)
        }
        return Result(files: SwiftRenderer.render(model), serverFiles: ServerOperationsRenderer.render(model),
                      sweepFiles: [OperationSweepRenderer.render(model)], diagnostics: diagnostics)
    }
}
