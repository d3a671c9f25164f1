import Foundation
import OpenAPIKit
import Yams

/// Stage 1: reads a spec's text into a validated OpenAPI 3.1 document.
///
/// OpenAPI 3.0 documents are converted to 3.1, so later stages see one shape. This stage
/// knows nothing about Swift; every problem it finds becomes an error diagnostic with its
/// location (`file:line:column` for YAML syntax, a JSON pointer for structure).
public enum SpecLoader {
    /// The result of loading: the document when it is usable, and what was found.
    public struct LoadResult: Sendable {
        /// The document, or `nil` when an error made it unusable.
        public let document: OpenAPI.Document?
        /// Errors and warnings.
        public let diagnostics: [Diagnostic]
        /// The string-valued `x-` extensions, by pointer.
        public var extensions = VendorExtensions()
    }

    /// Loads a YAML or JSON spec.
    ///
    /// - Parameters:
    ///   - text: The spec's contents.
    ///   - fileName: How diagnostics name the file.
    ///   - validate: Whether to run OpenAPIKit's validations now; without, call
    ///     ``validate(_:extensions:)`` (the generator runs it alongside the model stage).
    public static func load(text: String, fileName: String, validate: Bool = true) -> LoadResult {
        let root: Node
        let parser: Parser
        do {
            // Only merge keys are resolved: scalars stay strings until decoded, so a
            // response key `200` is read as the string OpenAPIKit expects.
            parser = try Parser(yaml: text, resolver: Resolver.basic.appending(.merge))
            guard let node = try parser.singleRoot() else {
                return failure(Diagnostic(.error, at: fileName, "the file is empty"))
            }
            root = node
        } catch let error as YamlError {
            return failure(yamlDiagnostic(error, fileName: fileName))
        } catch {
            return failure(Diagnostic(.error, at: fileName, "not valid YAML: \(error)"))
        }
        guard root.mapping != nil else {
            return failure(Diagnostic(.error, at: "\(fileName):\(root.mark?.description ?? "1:1")",
                                      "the top level must be a mapping with `openapi`, `info` and `paths`"))
        }
        guard let version = root["openapi"]?.string else {
            return failure(Diagnostic(.error, at: "#", "missing required field `openapi` (the OpenAPI version)"))
        }

        let isLegacy = version.hasPrefix("3.0")
        guard isLegacy || version.hasPrefix("3.1") || version.hasPrefix("3.2") else {
            return failure(Diagnostic(.error, at: "#/openapi",
                                      "unsupported OpenAPI version \(version); 3.0, 3.1 and 3.2 are supported"))
        }
        let document: OpenAPI.Document
        do {
            document = isLegacy
                ? try LegacyDocument.decodeAndConvert(root)
                : try YAMLDecoder().decode(OpenAPI.Document.self, from: root,
                                           userInfo: [VendorExtensionsConfiguration.enabledKey: false])
        } catch let error as YamlError {
            return failure(yamlDiagnostic(error, fileName: fileName))
        } catch let error as LegacyDecodingError {
            return failure(Diagnostic(.error, at: JSONPointer(error.codingPath).description, error.message))
        } catch {
            let described = OpenAPI.Error(from: error)
            let pointer = JSONPointer(described.codingPath.map(\.stringValue))
            return failure(Diagnostic(.error, at: pointer.description, described.localizedDescription))
        }
        let extensions = VendorExtensions.collect(from: root)
        withExtendedLifetime(parser) {}
        let diagnostics = validate ? Self.validate(document, extensions: extensions) : []
        let usable = !diagnostics.contains { $0.severity == .error }
        return LoadResult(document: usable ? document : nil, diagnostics: diagnostics, extensions: extensions)
    }

    /// Runs OpenAPIKit's validations (unique operation ids, resolvable references...) and
    /// returns their failures as errors.
    public static func validate(_ document: OpenAPI.Document, extensions: VendorExtensions) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        do {
            try document.validate(strict: false)
        } catch let collection as ValidationErrorCollection {
            for validationError in collection.values {
                let tokens = validationError.codingPath.map(\.stringValue)
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

    /// Yams reports syntax errors with a mark; the diagnostic puts it in the location.
    private static func yamlDiagnostic(_ error: YamlError, fileName: String) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            return Diagnostic(.error, at: "\(fileName):\(mark.line):\(mark.column)", "invalid YAML: \(detail)")
        default:
            return Diagnostic(.error, at: fileName, "invalid YAML: \(error)")
        }
    }
}
