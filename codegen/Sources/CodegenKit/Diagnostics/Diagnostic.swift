/// A problem found while generating, with where it is.
///
/// Errors stop generation (nothing is written); warnings name a piece of the spec that was
/// skipped or simplified and generation goes on.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        /// The spec cannot be used; nothing is generated.
        case error
        /// Something was skipped or simplified; the output still compiles.
        case warning
    }

    /// How serious it is.
    public let severity: Severity
    /// Where it is: a JSON pointer (`#/paths/~1files/post`) or `file:line:column`.
    public let location: String
    /// What is wrong and what was done about it.
    public let message: String

    /// Creates a diagnostic.
    public init(_ severity: Severity, at location: String, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// `warning: #/paths/~1files/post/requestBody: unsupported content type text/csv`.
    public var description: String {
        location.isEmpty ? "\(severity.rawValue): \(message)" : "\(severity.rawValue): \(location): \(message)"
    }
}
