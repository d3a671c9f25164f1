import Foundation

/// Reads one spec file's text into a ``SpecValue``, as JSON or YAML.
///
/// JSON is recognised by a `.json` extension, or by a `{` first character when the name
/// has no YAML extension; everything else is read as YAML.
enum SpecFile {
    enum Format: Equatable {
        case json, yaml
    }

    /// Why a file could not be read, as the diagnostic to report.
    struct Failure: Error {
        var diagnostic: Diagnostic

        init(_ severity: Diagnostic.Severity = .error, at location: String, _ message: String) {
            diagnostic = Diagnostic(severity, at: location, message)
        }
    }

    static func format(fileName: String, text: String) -> Format {
        let lowercased = fileName.lowercased()
        if lowercased.hasSuffix(".json") { return .json }
        if lowercased.hasSuffix(".yaml") || lowercased.hasSuffix(".yml") { return .yaml }
        let first = text.unicodeScalars.first { !$0.properties.isWhitespace && $0 != "\u{FEFF}" }
        return first == "{" ? .json : .yaml
    }

    /// The file's content, or an error whose location is `displayName:line:column` when
    /// the syntax is wrong.
    static func parse(_ text: String, displayName: String) throws(Failure) -> SpecValue {
        try parseNotingBundling(text, displayName: displayName).value
    }

    /// As ``parse(_:displayName:)``, and whether the content may need bundling
    /// (``ExternalReferenceBundler/mayNeedBundling(_:)``), which JSON notes as it is read.
    static func parseNotingBundling(_ text: String,
                                    displayName: String) throws(Failure) -> (value: SpecValue, mayNeedBundling: Bool) {
        switch format(fileName: displayName, text: text) {
        case .json:
            do {
                return try JSONTreeReader.readNotingBundling(text)
            } catch {
                throw Failure(at: "\(displayName):\(error.line):\(error.column)", "invalid JSON: \(error.message)")
            }
        case .yaml:
            do throws(YAMLTreeReader.ReadError) {
                guard let value = try YAMLTreeReader.read(text) else {
                    throw YAMLTreeReader.ReadError(mark: nil, message: "the file is empty")
                }
                return (value, ExternalReferenceBundler.mayNeedBundling(value))
            } catch {
                throw Failure(at: error.mark.map { "\(displayName):\($0)" } ?? displayName, error.message)
            }
        }
    }

    /// Reads and parses a file from disk.
    static func read(_ url: URL, displayName: String) throws(Failure) -> SpecValue {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            let reason = FileManager.default.fileExists(atPath: url.path) ? "it is not readable UTF-8 text" : "no such file"
            throw Failure(at: displayName, "cannot read the file: \(reason)")
        }
        return try parse(text, displayName: displayName)
    }
}
