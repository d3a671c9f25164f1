import Foundation

/// A temporary file of pseudo-random bytes, for upload samples.
public struct GeneratedFile: Sendable {
    /// Where it is.
    public let url: URL
    /// Its size in bytes.
    public let size: Int64

    /// Writes `megabytes` MB (10^6 bytes) of pseudo-random content, 1 MB at a time.
    public static func create(megabytes: Int) throws -> GeneratedFile {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-sample-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("content.bin")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var block = [UInt8](repeating: 0, count: 1_000_000)
        for _ in 0..<max(0, megabytes) {
            for index in block.indices {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                block[index] = UInt8(truncatingIfNeeded: state >> 56)
            }
            try handle.write(contentsOf: block)
        }
        return GeneratedFile(url: url, size: Int64(max(0, megabytes)) * 1_000_000)
    }

    /// Deletes the file and its directory.
    public func remove() {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }
}
