import BoxLikeSDK
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws a one-line progress bar on the terminal: `[#######.......]  45%  22.5/50.0 MB`.
/// When the output is not a terminal (a log file, a pipe, CI), it prints a plain line per
/// 10 % instead of carriage-return frames.
public enum ProgressBar {
    /// Whether standard output is a terminal.
    public static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }

    /// A reporter that redraws the bar at most every 512 KiB on a terminal, and otherwise
    /// prints a line each time another 10 % is done.
    public static func reporter(label: String, interactive: Bool = outputIsTerminal) -> ProgressReporter {
        if interactive {
            return ProgressReporter(minimumStep: 512 * 1024) { progress in
                draw(label: label, progress)
            }
        }
        let lastStep = StepCounter()
        return ProgressReporter(minimumStep: 512 * 1024) { progress in
            let line = lastStep.value.withLock { plainLine(label: label, progress, lastStep: &$0) }
            if let line { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        }
    }

    /// The line to print for `progress` when the output is not a terminal, or `nil` when no
    /// further 10 % step (10 MB when the size is unknown) was reached since `lastStep`.
    public static func plainLine(label: String, _ progress: TransferProgress, lastStep: inout Int) -> String? {
        let done = String(format: "%.1f", Double(progress.completedBytes) / 1_000_000)
        if let fraction = progress.fraction, let total = progress.totalBytes {
            let step = min(10, max(0, Int((fraction * 10).rounded(.down))))
            guard step > lastStep else { return nil }
            lastStep = step
            return "  \(label) \(step * 10)%  \(done)/\(String(format: "%.1f", Double(total) / 1_000_000)) MB"
        }
        let step = Int(progress.completedBytes / 10_000_000)
        guard step > lastStep else { return nil }
        lastStep = step
        return "  \(label) \(done) MB"
    }

    /// Draws one state of the bar, ending the line when the transfer is complete.
    public static func draw(label: String, _ progress: TransferProgress) {
        let width = 30
        let fraction = progress.fraction ?? 0
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let done = Double(progress.completedBytes) / 1_000_000
        let total = progress.totalBytes.map { String(format: "%.1f", Double($0) / 1_000_000) } ?? "?"
        let percent = Int((fraction * 100).rounded(.down))
        let line = "\r  \(label) [\(bar)] \(String(repeating: " ", count: max(0, 3 - String(percent).count)))\(percent)%  \(String(format: "%.1f", done))/\(total) MB"
        FileHandle.standardOutput.write(Data(line.utf8))
        if let total = progress.totalBytes, progress.completedBytes >= total {
            FileHandle.standardOutput.write(Data("\n".utf8))
        }
    }
}

/// The last 10 % step printed, shared by a reporter's calls.
private final class StepCounter: Sendable {
    let value = Mutex(-1)
}

/// Short descriptions of API objects for sample output.
public enum Describe {
    /// `file  readme.txt (42 bytes, id 123)` and the like.
    public static func item(_ item: Item) -> String {
        switch item {
        case .fileFull(let file): "file    \(file.name ?? "?") (\(file.size ?? 0) bytes, id \(file.id))"
        case .folderMini(let folder): "folder  \(folder.name ?? "?") (id \(folder.id))"
        case .webLink(let link): "link    \(link.name ?? "?") (id \(link.id))"
        case .unknown: "unknown item"
        }
    }
}
