import Dispatch
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
            return Result(files: nil, diagnostics: Diagnostic.summarized(loaded.diagnostics))
        }

        // Stage 2: model.
        let options = ModelOptions(reservedTypeNames: reservedTypeNames, specDisplayName: fileName)
        let (built, state) = ModelBuilder.buildKeepingState(document, extensions: loaded.extensions, options: options)
        let diagnostics = Diagnostic.summarized(loaded.diagnostics + built.diagnostics.map(loaded.sourceMap.relocated))
        if tuning.freesElsewhere {
            releaseElsewhere(Leftovers(loaded: consume loaded, document: consume document, state: consume state))
        }

        // Stage 3: render.
        guard let model = built.model, !diagnostics.contains(where: { $0.severity == .error }) else {
            return Result(files: nil, diagnostics: diagnostics)
        }
        let files = SwiftRenderer.render(model, onEveryCore: tuning.rendersOnEveryCore)
        if tuning.freesElsewhere { releaseElsewhere(model) }
        return Result(files: files, diagnostics: diagnostics)
    }
}

/// What generation is done with once the model is built, freed while the files render.
///
/// `@unchecked Sendable` because of ``Lowering``, a class that is not: the generator hands
/// over its only reference and never touches it again.
private struct Leftovers: @unchecked Sendable {
    let loaded: SpecLoader.LoadResult
    let document: OpenAPI.Document
    let state: Lowering
}

/// Lets another thread drop the last reference to `value` (freeing a large tree is work of
/// its own).
private func releaseElsewhere<Value: Sendable>(_ value: consuming Value) {
    let held = value
    DispatchQueue.global().async { withExtendedLifetime(held) {} }
}
