/// Collects diagnostics while a stage runs, so one run reports every problem instead of
/// stopping at the first.
final class DiagnosticCollector {
    fileprivate(set) var diagnostics: [Diagnostic] = []

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    func error(_ pointer: JSONPointer, _ message: String) {
        diagnostics.append(Diagnostic(.error, at: pointer.description, message))
    }

    func warning(_ pointer: JSONPointer, _ message: String, kind: Diagnostic.Kind? = nil) {
        diagnostics.append(Diagnostic(.warning, at: pointer.description, message, kind: kind))
    }

    func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }
}

extension DiagnosticCollector {
    /// Puts diagnostics found apart (side by side) where they belong among these.
    func insert(_ found: [Diagnostic], at position: Int) {
        diagnostics.insert(contentsOf: found, at: min(position, diagnostics.count))
    }

    /// Drops diagnostics recorded after `count`, for look-ahead that must not report.
    func truncate(to count: Int) {
        diagnostics.removeLast(max(0, diagnostics.count - count))
    }
}
