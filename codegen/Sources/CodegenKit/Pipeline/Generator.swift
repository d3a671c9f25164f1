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
        let deferredChecks = loaded.deferredChecks
        let (built, state) = ModelBuilder.build(document, extensions: loaded.extensions, options: options,
                                                alongsideLowering: { deferredChecks?.start() })
        let loadDiagnostics = loaded.diagnostics
        let sourceMap = loaded.sourceMap
        // Nothing below reads the document or the lowering's tables: they are freed on
        // another thread while the files render, instead of after.
        releaseElsewhere(Leftovers(loaded: consume loaded, document: consume document, state: consume state))
        // The files render while the checks may still run (a core they leave idle otherwise
        // is used); a document that fails them gives no files all the same.
        let files = built.model.map(SwiftRenderer.render)
        let checks = (deferredChecks?.results() ?? []).map(sourceMap.relocated)
        let diagnostics = loadDiagnostics + checks + built.diagnostics.map(sourceMap.relocated)
        // The model, too, is freed on another thread, while the caller goes on.
        releaseElsewhere((consume built).model)
        if checks.contains(where: { $0.severity == .error }) {
            return Result(files: nil, diagnostics: loadDiagnostics + checks)
        }
        let failed = diagnostics.contains { $0.severity == .error }
        return Result(files: failed ? nil : files, diagnostics: diagnostics)
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
