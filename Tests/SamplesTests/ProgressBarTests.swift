import BoxLikeSDK
import SampleSupport
import Testing

/// Progress output when standard output is not a terminal.
@Suite("Progress bar")
struct ProgressBarTests {
    @Test func withoutATerminalALineIsPrintedPerTenPercent() {
        var lastStep = -1
        var lines: [String] = []
        for completed in stride(from: Int64(0), through: 1_000_000, by: 7_000) + [1_000_000] {
            if let line = ProgressBar.plainLine(label: "upload", TransferProgress(completedBytes: completed, totalBytes: 1_000_000),
                                                lastStep: &lastStep) {
                lines.append(line)
            }
        }
        #expect(lines.count == 11)
        #expect(lines.first == "  upload 0%  0.0/1.0 MB")
        #expect(lines.last == "  upload 100%  1.0/1.0 MB")
        #expect(lines.allSatisfy { !$0.contains("\r") })
    }

    @Test func anUnknownSizeIsReportedEveryTenMegabytes() {
        var lastStep = -1
        let lines = stride(from: Int64(0), through: 35_000_000, by: 1_000_000).compactMap {
            ProgressBar.plainLine(label: "download", TransferProgress(completedBytes: $0, totalBytes: nil), lastStep: &lastStep)
        }
        #expect(lines == ["  download 0.0 MB", "  download 10.0 MB", "  download 20.0 MB", "  download 30.0 MB"])
    }
}
