import Logging
import Synchronization

/// Collects every log line (message and metadata) written through its loggers, so tests can
/// assert what the SDK logged, and in particular what it did not.
final class LogCapture: Sendable {
    private let captured = Mutex<[String]>([])

    /// Every line so far, in order.
    var lines: [String] { captured.withLock { $0 } }

    /// A logger at `trace` level that writes here.
    func logger(label: String) -> Logger {
        var logger = Logger(label: label) { label in CapturingLogHandler(label: label, capture: self) }
        logger.logLevel = .trace
        return logger
    }

    func append(_ line: String) {
        captured.withLock { $0.append(line) }
    }

    /// The lines that contain any of `secrets`, with the secret named (never empty strings).
    func linesLeaking(_ secrets: some Sequence<String>) -> [String] {
        let wanted = secrets.filter { !$0.isEmpty }
        return lines.filter { line in wanted.contains { line.contains($0) } }
    }
}

/// A swift-log handler that renders each record into a ``LogCapture``.
struct CapturingLogHandler: LogHandler {
    let label: String
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    init(label: String, capture: LogCapture) {
        self.label = label
        self.capture = capture
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let rendered = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        capture.append("[\(label)] \(event.level) \(event.message) \(rendered) \(event.source) \(event.error.map { "\($0)" } ?? "")")
    }
}
