import Foundation
import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a download to a temporary file beside its destination and moves it into place
/// only when complete, so a failed or cancelled download never leaves a partial file under
/// the destination's name.
///
/// Chunks go straight to the file descriptor with `write(2)`, without an intermediate
/// `Data` per chunk, so memory stays flat however large the download.
struct AtomicFileWriter {
    let destination: URL
    let temporary: URL
    private let descriptor: Int32

    init(destination: URL) throws {
        let directory = destination.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).part")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw BoxSDKError(.invalidArgument, "Cannot create a file in '\(directory.path)' (errno \(errno)).")
        }
        self.destination = destination
        self.temporary = temporary
        self.descriptor = descriptor
    }

    func write(_ bytes: ArraySlice<UInt8>) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    func write(_ buffers: [ByteBuffer]) throws {
        for buffer in buffers {
            try buffer.withUnsafeReadableBytes { try write($0) }
        }
    }

    func write(_ buffer: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < buffer.count {
            guard let base = buffer.baseAddress else { return }
            let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw BoxSDKError(.other, "Writing '\(temporary.path)' failed (errno \(errno)).")
            }
            offset += written
        }
    }

    /// Flushes to disk and renames over the destination.
    func commit() throws {
        guard fsync(descriptor) == 0 else {
            let code = errno
            discard()
            throw BoxSDKError(.other, "Flushing '\(temporary.path)' failed (errno \(code)).")
        }
        close(descriptor)
        guard rename(temporary.path, destination.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw BoxSDKError(.other, "Moving the download to '\(destination.path)' failed (errno \(code)).")
        }
    }

    /// Closes and removes the temporary file.
    func discard() {
        close(descriptor)
        try? FileManager.default.removeItem(at: temporary)
    }
}

extension ByteStream {
    /// Streams the content into `destination` through an ``AtomicFileWriter``: the file
    /// appears under its name only once every byte is written.
    ///
    /// - Returns: How many bytes were written.
    @discardableResult
    func write(to destination: URL) async throws -> Int64 {
        let writer = try AtomicFileWriter(destination: destination)
        var size: Int64 = 0
        do {
            try await forEachRun { run in
                try writer.write(run)
                size += Int64(run.count)
            }
        } catch {
            writer.discard()
            throw error
        }
        try writer.commit()
        return size
    }
}
