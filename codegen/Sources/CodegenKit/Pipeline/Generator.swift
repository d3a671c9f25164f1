import Dispatch
import Foundation
import Synchronization

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
        let loaded = SpecLoader.load(text: specText, fileName: fileName, fileURL: fileURL, validate: false)
        guard let document = loaded.document else {
            return Result(files: nil, diagnostics: loaded.diagnostics)
        }
        let options = ModelOptions(reservedTypeNames: reservedTypeNames, specDisplayName: fileName)

        // Validation and the later stages only read the document; running them side by
        // side takes validation off the critical path. Its errors still stop the run.
        let validation = Mutex<[Diagnostic]>([])
        let generated = Mutex<(files: [GeneratedFile]?, diagnostics: [Diagnostic])>((nil, []))
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 {
                let diagnostics = SpecLoader.validate(document, extensions: loaded.extensions)
                validation.withLock { $0 = diagnostics }
            } else {
                let built = ModelBuilder.build(document, extensions: loaded.extensions, options: options)
                let files = built.model.map(SwiftRenderer.render)
                generated.withLock { $0 = (files, built.diagnostics) }
            }
        }
        let validationDiagnostics = validation.withLock { $0 }
        let (files, modelDiagnostics) = generated.withLock { $0 }
        let diagnostics = loaded.diagnostics + (validationDiagnostics + modelDiagnostics).map(loaded.sourceMap.relocated)
        let failed = diagnostics.contains { $0.severity == .error }
        return Result(files: failed ? nil : files, diagnostics: diagnostics)
    }
}
