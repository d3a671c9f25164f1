import Foundation
import NIOCore

/// The text of a PDF, read by poppler's `pdftotext` (Debian's `poppler-utils`): a well-kept
/// PDF parser this server runs as a child process rather than parsing PDFs itself. Without it
/// installed, a PDF has no text here, and Box AI refuses it as a file without text.
enum PDFText {
    /// Where `pdftotext` is looked for.
    static let executableCandidates = ["/usr/bin/pdftotext", "/usr/local/bin/pdftotext", "/opt/homebrew/bin/pdftotext"]

    /// The installed `pdftotext`, if any.
    static var executable: String? {
        executableCandidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether `content` is a PDF: it starts with `%PDF-`.
    static func isPDF(_ content: StoredContent) -> Bool {
        switch content.storage {
        case .memory(let buffer):
            return buffer.getBytes(at: buffer.readerIndex, length: min(5, buffer.readableBytes)) == Array("%PDF-".utf8)
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else { return false }
            defer { try? handle.close() }
            return (try? handle.read(upToCount: 5)).map(Array.init) == Array("%PDF-".utf8)
        }
    }

    /// The first `limit` bytes of the PDF's text, or `nil` when `pdftotext` is not installed,
    /// cannot read the file, or takes longer than `timeout` (it is then stopped).
    static func text(of content: StoredContent, limit: Int, timeout: TimeInterval = 20) async -> String? {
        guard let executable else { return nil }
        var temporary: String?
        let input: String
        switch content.storage {
        case .file(let path):
            input = path
        case .memory(let buffer):
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-ai-\(UUID().uuidString).pdf").path
            guard FileManager.default.createFile(atPath: path, contents: Data(buffer.readableBytesView)) else { return nil }
            temporary = path
            input = path
        }
        defer { if let temporary { try? FileManager.default.removeItem(atPath: temporary) } }
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: run(executable, input: input, limit: limit, timeout: timeout))
            }
        }
    }

    /// Runs `pdftotext` on one thread, reading its output as it comes.
    private static func run(_ executable: String, input: String, limit: Int, timeout: TimeInterval) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-q", "-enc", "UTF-8", "-eol", "unix", input, "-"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let deadline = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        var data = Data()
        // Read to the end so the child never blocks on a full pipe; keep only `limit` bytes.
        while let chunk = try? output.fileHandleForReading.read(upToCount: 64 * 1024), !chunk.isEmpty {
            if data.count < limit { data.append(chunk.prefix(limit - data.count)) }
        }
        process.waitUntilExit()
        deadline.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
