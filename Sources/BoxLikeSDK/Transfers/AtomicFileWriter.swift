import Foundation

/// Writes a download to a temporary file beside its destination and moves it into place
/// only when complete, so a failed or cancelled download never leaves a partial file under
/// the destination's name.
struct AtomicFileWriter {
    let destination: URL
    let temporary: URL
    private let handle: FileHandle

    init(destination: URL) throws {
        let directory = destination.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).part")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil,
                                             attributes: [.posixPermissions: 0o600]) else {
            throw SDKError(.invalidArgument, "Cannot create a file in '\(directory.path)'.")
        }
        do {
            self.handle = try FileHandle(forWritingTo: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw SDKError(.invalidArgument, "Cannot write to '\(temporary.path)'.", underlying: error)
        }
        self.destination = destination
        self.temporary = temporary
    }

    func write(_ bytes: ArraySlice<UInt8>) throws {
        do {
            try bytes.withUnsafeBytes { try handle.write(contentsOf: $0) }
        } catch {
            throw SDKError(.other, "Writing '\(temporary.path)' failed.", underlying: error)
        }
    }

    /// Flushes to disk and renames over the destination.
    func commit() throws {
        do {
            try handle.synchronize()
            try handle.close()
            if FileManager.default.fileExists(atPath: destination.path) {
                _ = try FileManager.default.replaceItemAt(destination, withItemAt: temporary)
            } else {
                try FileManager.default.moveItem(at: temporary, to: destination)
            }
        } catch {
            discard()
            throw SDKError(.other, "Moving the download to '\(destination.path)' failed.", underlying: error)
        }
    }

    /// Removes the temporary file.
    func discard() {
        try? handle.close()
        try? FileManager.default.removeItem(at: temporary)
    }
}
