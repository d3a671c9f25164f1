import BoxLikeRuntime
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn` and reaped with `waitpid`.
///
/// Tests spawn programs with this instead of Foundation's `Process`: inside the test runner
/// `Process` was seen leaving children unreaped (`waitUntilExit` waiting forever), and on
/// Linux with Swift 6.3.1 `Process.run()` can crash the whole test process, as it reads
/// `/proc/self/fd` entries past the end of glibc's buffer (swift-corelibs-foundation #5472).
public final class ChildProcess: Sendable {
    /// The process id.
    public let pid: pid_t

    /// Serializes spawning with pipe creation; see ``ChildPipe/init()``.
    static let spawnLock = NSLock()

    private init(pid: pid_t) {
        self.pid = pid
    }

    /// Where a child's standard output or error goes.
    public enum Output: Sendable {
        /// Discarded.
        case null
        /// Appended to a file.
        case file(String)
        /// Into a descriptor the caller owns (e.g. a pipe's write end).
        case descriptor(Int32)

        var spawned: SpawnedProcess.Output {
            switch self {
            case .null: .null
            case .file(let path): .file(path)
            case .descriptor(let descriptor): .descriptor(descriptor)
            }
        }
    }

    /// Starts `executable` with `arguments` (not including the program name). The child gets
    /// none of the test process's descriptors but the ones `standardOutput` and
    /// `standardError` name.
    public static func spawn(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                             standardOutput: Output = .null, standardError: Output = .null) throws -> ChildProcess {
        spawnLock.lock()
        defer { spawnLock.unlock() }
        return ChildProcess(pid: try SpawnedProcess.start(executable, arguments, environment: environment,
                                                          standardOutput: standardOutput.spawned,
                                                          standardError: standardError.spawned))
    }

    /// Waits for the child to end (blocking the calling thread); returns its exit status, or
    /// 128 + the signal that killed it.
    public func waitBlocking() -> Int32 {
        Self.status(SpawnedProcess.waitBlocking(for: pid))
    }

    /// Waits for the child to end without blocking a cooperative thread.
    public func wait() async -> Int32 {
        Self.status(await SpawnedProcess.wait(for: pid))
    }

    /// The exit status, 128 + the signal, or -1 when the child could not be waited for.
    private static func status(_ termination: SpawnedProcess.Termination?) -> Int32 {
        switch termination {
        case .exited(let status): status
        case .signalled(let signal): 128 + signal
        case nil: -1
        }
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) {
        _ = kill(pid, signal)
    }

    /// Runs `executable` to its end and returns its exit status and its standard output and
    /// error, interleaved as written. With a `timeout`, a child still running then is sent
    /// SIGTERM. `currentDirectory` runs it there (through `env -C`).
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           currentDirectory: String? = nil,
                           timeout: Duration? = nil) async throws -> (status: Int32, output: String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let (program, programArguments) = currentDirectory.map { ("/usr/bin/env", ["-C", $0, executable] + arguments) }
            ?? (executable, arguments)
        let child = try spawn(program, programArguments, environment: environment,
                              standardOutput: .file(log), standardError: .file(log))
        let status: Int32
        if let timeout {
            status = await child.wait(timeout: timeout, thenSend: SIGTERM)
        } else {
            status = await child.wait()
        }
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return (status, output)
    }

    /// Waits for the child to end; if it is still running after `timeout`, sends it `signal`
    /// and waits for that to end it. Returns the exit status (128 + the signal when killed).
    public func wait(timeout: Duration, thenSend signal: Int32) async -> Int32 {
        await withTaskGroup(of: Int32?.self) { group in
            group.addTask { await self.wait() }
            group.addTask {
                // Kept: the time limit the caller asked for, not a wait for a condition.
                try? await Task.sleep(for: timeout)
                return nil
            }
            while let next = await group.next() {
                if let finished = next {
                    group.cancelAll()
                    return finished
                }
                send(signal)
            }
            return -1
        }
    }
}

/// A child process that could not be started.
public struct ChildProcessError: Error, CustomStringConvertible {
    /// What failed.
    public var message: String
    /// The message.
    public var description: String { message }

    /// Creates the error.
    public init(message: String) {
        self.message = message
    }
}

/// A pipe whose read end the parent keeps and whose write end a child gets.
public struct ChildPipe: Sendable {
    /// The parent's end.
    public let readFD: Int32
    /// The child's end; close it in the parent after spawning.
    public let writeFD: Int32

    /// Creates a pipe; both ends close on exec, so only the `dup2` copy reaches the child.
    public init() throws {
        var fds: [Int32] = [0, 0]
        // Under the spawn lock, so no child started meanwhile inherits an end before it is
        // marked close-on-exec (Glibc's module does not expose pipe2).
        ChildProcess.spawnLock.lock()
        defer { ChildProcess.spawnLock.unlock() }
        guard pipe(&fds) == 0 else { throw ChildProcessError(message: "pipe failed (errno \(errno))") }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        readFD = fds[0]
        writeFD = fds[1]
    }

    /// Reads until end of file (blocking) and closes the read end.
    public func readAllBlocking() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        close(readFD)
        return data
    }

    /// Reads one line (blocking), without the newline; `nil` at end of file.
    public func readLineBlocking() -> String? {
        var line = Data()
        var byte: UInt8 = 0
        while true {
            let count = read(readFD, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
    }
}
