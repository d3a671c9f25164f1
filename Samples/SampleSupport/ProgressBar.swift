import BoxLikeSDK
import Foundation

/// Draws a one-line progress bar on the terminal: `[#######.......]  45%  22.5/50.0 MB`.
public enum ProgressBar {
    /// A reporter that redraws the bar at most every 512 KiB.
    public static func reporter(label: String) -> ProgressReporter {
        ProgressReporter(minimumStep: 512 * 1024) { progress in
            draw(label: label, progress)
        }
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

/// Short descriptions of API objects for sample output.
public enum Describe {
    /// `file  readme.txt (42 bytes, id 123)` and the like.
    public static func item(_ item: Item) -> String {
        switch item {
        case .file(let file): "file    \(file.name ?? "?") (\(file.size ?? 0) bytes, id \(file.id))"
        case .folder(let folder): "folder  \(folder.name ?? "?") (id \(folder.id))"
        case .webLink(let link): "link    \(link.name ?? "?") (id \(link.id))"
        case .unknown: "unknown item"
        }
    }
}
