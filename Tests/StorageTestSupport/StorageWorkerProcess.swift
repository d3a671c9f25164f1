import BoxLikeNetworkTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs `boxlike-storage-worker`, the child process of the multi-process storage tests.
///
/// The worker is built into the same folder as the test bundle or benchmark binary that
/// uses it, which is where it is looked for (or at `BOXLIKE_STORAGE_WORKER`).
public enum StorageWorkerProcess {
    /// What a finished worker left behind.
    public struct Outcome: Sendable {
        /// The exit status (128 + signal when killed).
        public var status: Int32
        /// Standard output.
        public var output: String
        /// Standard error.
        public var errorOutput: String
    }

    /// A running worker whose standard output the caller reads.
    public struct Running: Sendable {
        /// The process.
        public let process: ChildProcess
        /// Its standard output.
        public let output: ChildPipe
    }

    /// The worker executable.
    public static func executablePath() throws -> String {
        if let path = ProcessInfo.processInfo.environment["BOXLIKE_STORAGE_WORKER"], !path.isEmpty {
            return path
        }
        let me = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0])
        var directory = me.deletingLastPathComponent()
        // Inside an .xctest bundle on Darwin the binary sits deeper; climb to the build folder.
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("boxlike-storage-worker")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
            directory = directory.deletingLastPathComponent()
        }
        throw ClusterError(message: "boxlike-storage-worker is not built next to \(me.path); build the whole package first")
    }

    /// Starts the worker; its standard error is discarded.
    public static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Running {
        let output = try ChildPipe()
        defer { close(output.writeFD) }
        let process = try ChildProcess.spawn(
            try executablePath(), arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new },
            standardOutput: .descriptor(output.writeFD))
        return Running(process: process, output: output)
    }

    /// Runs the worker to completion without blocking Swift's cooperative threads.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Outcome {
        let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-worker-\(UUID().uuidString).err").path
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let output = try ChildPipe()
        let process: ChildProcess
        do {
            defer { close(output.writeFD) }
            process = try ChildProcess.spawn(
                try executablePath(), arguments,
                environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new },
                standardOutput: .descriptor(output.writeFD), standardError: .file(errorPath))
        }
        let (status, data) = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let data = output.readAllBlocking()
                continuation.resume(returning: (process.waitBlocking(), data))
            }
        }
        let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return Outcome(status: status, output: String(decoding: data, as: UTF8.self), errorOutput: errors)
    }

    /// Reads the first line the worker prints (e.g. `ready`), or `nil` at end of output.
    public static func firstLine(of running: Running) async -> String? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: running.output.readLineBlocking()) }
        }
    }

    /// Kills the worker with SIGKILL, waits until it is gone and returns its status.
    @discardableResult
    public static func kill(_ running: Running) async -> Int32 {
        running.process.send(SIGKILL)
        let status = await running.process.wait()
        close(running.output.readFD)
        return status
    }
}
