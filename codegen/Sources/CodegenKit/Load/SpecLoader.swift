import Foundation
import OpenAPIKit

/// Stage 1: reads a spec into a validated OpenAPI 3.1 document.
///
/// The spec is read into a plain tree (YAML through Yams, JSON through its own reader),
/// references to other files are bundled into it (``ExternalReferenceBundler``), known
/// mistakes are rewritten with a warning (``SpecNormalizer``), and then OpenAPIKit decodes
/// it straight from that tree (``SpecValueDecoder``). OpenAPI 3.0 documents are converted to 3.1, so later stages see one shape. This
/// stage knows nothing about Swift; every problem it finds becomes a diagnostic with its
/// location: `file:line:column` for syntax, a JSON pointer for structure (`#/paths/...`
/// in the root file, `models/pet.yaml#/properties/age` in another).
package enum SpecLoader {
    /// The result of loading: the document when it is usable, and what was found.
    package struct LoadResult: Sendable {
        /// The document, or `nil` when an error made it unusable.
        package let document: OpenAPI.Document?
        /// Errors and warnings, located in the files they are about.
        package let diagnostics: [Diagnostic]
        /// The scalar `x-` extensions, by pointer into the bundled document.
        package var extensions = VendorExtensions()
        /// Which file each part of the bundled document came from; later stages pass their
        /// diagnostics through ``SourceMap/relocated(_:)``.
        package var sourceMap = SourceMap()
    }

    /// Loads a spec file and the files it refers to.
    ///
    /// - Parameters:
    ///   - url: The root file.
    ///   - displayName: How diagnostics name the root file (other files are named relative
    ///     to it); the path by default.
    ///   - validate: Whether to also run OpenAPIKit's validator (``validate(_:extensions:)``).
    package static func load(contentsOf url: URL, displayName: String? = nil, validate: Bool = true) -> LoadResult {
        let name = displayName ?? url.path
        do {
            let text = try String(contentsOf: url, encoding: .utf8)
            return load(text: text, fileName: name, fileURL: url, validate: validate)
        } catch {
            return failure(Diagnostic(.error, at: name, "cannot read the spec: \(error.localizedDescription)"))
        }
    }

    /// Loads a YAML or JSON spec from its text.
    ///
    /// - Parameters:
    ///   - text: The spec's contents.
    ///   - fileName: How diagnostics name the file; a `.json` name (or a `{` first
    ///     character) reads it as JSON.
    ///   - fileURL: Where the file is, to resolve `$ref`s to other files against; without
    ///     it such references are errors.
    ///   - validate: Whether to also run OpenAPIKit's validator (``validate(_:extensions:)``).
    ///     The loader's own checks (dangling references, repeated parameters and tags) always
    ///     run; the generator relies on them alone, as the validator is slow on large documents.
    package static func load(text: String, fileName: String, fileURL: URL? = nil, validate: Bool = true) -> LoadResult {
        load(text: text, fileName: fileName, fileURL: fileURL, validate: validate, schemasSideBySide: true)
    }

    /// As the public `load`, with the choice (for tests and tuning) of the decoder: a large
    /// document's component schemas and paths in chunks side by side
    /// (``ParallelDocumentDecoder``) or everything in one pass (``WholeDocumentDecoder``), and
    /// of reading 3.0 schemas with ``SchemaReader30`` or with OpenAPIKit alone.
    ///
    /// The document comes back checked (``SpecChecks``): it is `nil` when a check fails.
    static func load(text: String, fileName: String, fileURL: URL?, validate: Bool,
                     schemasSideBySide: Bool, schemaReader: Bool = true) -> LoadResult {
        var root: SpecValue
        let mayNeedBundling: Bool
        do {
            (root, mayNeedBundling) = try SpecFile.parseNotingBundling(text, displayName: fileName)
        } catch {
            return failure(error.diagnostic)
        }
        guard let top = root.object else {
            return failure(Diagnostic(.error, at: "\(fileName):1:1",
                                      "the top level must be a mapping with `openapi`, `info` and `paths`"))
        }
        guard let versionValue = top["openapi"], versionValue.string != nil || versionValue.jsonTypeName == "number",
              let version = versionValue.scalarText else {
            return failure(Diagnostic(.error, at: "#", "missing required field `openapi` (the OpenAPI version)"))
        }
        let isLegacy = version.hasPrefix("3.0")
        guard isLegacy || version.hasPrefix("3.1") || version.hasPrefix("3.2") else {
            return failure(Diagnostic(.error, at: "#/openapi",
                                      "unsupported OpenAPI version \(version); 3.0, 3.1 and 3.2 are supported"))
        }

        let bundler = ExternalReferenceBundler(rootURL: fileURL, rootDisplayName: fileName)
        if mayNeedBundling {
            bundler.bundle(&root)
        }
        let sourceMap = bundler.sourceMap
        let decoder: any DocumentDecoder = schemasSideBySide
            ? ParallelDocumentDecoder(readsSchemasDirectly: schemaReader)
            : WholeDocumentDecoder(readsSchemasDirectly: schemaReader)
        let normalizer = SpecNormalizer(version: isLegacy ? .v3_0 : .v3_1)
        if !bundler.diagnostics.hasErrors {
            decoder.normalize(&root, with: normalizer)
        }
        var diagnostics = bundler.diagnostics.diagnostics
            + normalizer.diagnostics.diagnostics.map(sourceMap.relocated)
        if bundler.diagnostics.hasErrors {
            return LoadResult(document: nil, diagnostics: diagnostics, sourceMap: sourceMap)
        }

        // The checks, the extension table and the decoding only read the normalized tree;
        // the decoder runs them as it runs (``DocumentDecoder``). A failed check still wins
        // over decoding errors.
        let parts = decoder.decode(root, legacy: isLegacy)
        let decoded = parts.document
        let checks = parts.checks
        diagnostics += checks.map(sourceMap.relocated)
        if checks.contains(where: { $0.severity == .error }) {
            return LoadResult(document: nil, diagnostics: diagnostics, sourceMap: sourceMap)
        }
        let extensions = parts.extensions
        let document: OpenAPI.Document
        do {
            document = try decoded.get()
        } catch let error as InvalidComponentName {
            diagnostics.append(sourceMap.relocated(Diagnostic(
                .error, at: JSONPointer(["components", "schemas", error.name]).description, error.message)))
            return LoadResult(document: nil, diagnostics: diagnostics, sourceMap: sourceMap)
        } catch let error as LegacyDecodingError {
            diagnostics.append(sourceMap.relocated(Diagnostic(.error, at: JSONPointer(error.codingPath).description,
                                                              error.message)))
            return LoadResult(document: nil, diagnostics: diagnostics, sourceMap: sourceMap)
        } catch {
            let described = OpenAPI.Error(from: error)
            let pointer = JSONPointer(described.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue })
            diagnostics.append(sourceMap.relocated(Diagnostic(.error, at: pointer.description,
                                                              described.localizedDescription)))
            return LoadResult(document: nil, diagnostics: diagnostics, sourceMap: sourceMap)
        }
        if validate {
            diagnostics += Self.validate(document, extensions: extensions).map(sourceMap.relocated)
        }
        let usable = !diagnostics.contains { $0.severity == .error }
        return LoadResult(document: usable ? document : nil, diagnostics: diagnostics, extensions: extensions,
                          sourceMap: sourceMap)
    }

    /// Runs OpenAPIKit's validations (unique operation ids, resolvable references...) and
    /// returns their failures as errors.
    package static func validate(_ document: OpenAPI.Document, extensions: VendorExtensions) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        do {
            try document.validate(strict: false)
        } catch let collection as ValidationErrorCollection {
            for validationError in collection.values {
                let tokens = validationError.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
                let pointer = JSONPointer(tokens).description
                diagnostics.append(Diagnostic(.error, at: pointer,
                                              describe(validationError.reason, reference: extensions.string("$ref", at: pointer))))
            }
        } catch {
            diagnostics.append(Diagnostic(.error, at: "#", "the document is invalid: \(error)"))
        }
        return diagnostics
    }

    /// OpenAPIKit phrases failed checks as the rule (`Failed to satisfy: JSONSchema
    /// reference can be found in components/schemas`); name the offending `$ref` too.
    private static func describe(_ reason: String, reference: String?) -> String {
        guard let reference else { return reason }
        if reason.contains("reference") {
            return "`$ref: \(reference)` points to nothing (\(reason.replacingOccurrences(of: "Failed to satisfy: ", with: "expected: ")))"
        }
        return "\(reason) (`$ref: \(reference)`)"
    }

    private static func failure(_ diagnostic: Diagnostic) -> LoadResult {
        LoadResult(document: nil, diagnostics: [diagnostic])
    }
}
