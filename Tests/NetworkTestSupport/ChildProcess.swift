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
    }

    /// Starts `executable` with `arguments` (not including the program name).
    public static func spawn(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                             standardOutput: Output = .null, standardError: Output = .null) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (output, target) in [(standardOutput, Int32(1)), (standardError, Int32(2))] {
            switch output {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            case .descriptor(let fd):
                posix_spawn_file_actions_adddup2(&actions, fd, target)
            }
        }
        // Nothing else the test process has open reaches the child. SwiftNIO opens its
        // sockets without close-on-exec, so a child would otherwise hold every listener and
        // connection open at the moment it started for as long as it ran: a port a test had
        // closed stayed bound (`Address already in use` five times in a row while children
        // ran), and a connection a server had closed stayed open.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        #if canImport(Darwin)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        #else
        closeFromThree(&actions)
        #endif
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = environment ?? ProcessInfo.processInfo.environment
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        spawnLock.lock()
        defer { spawnLock.unlock() }
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw ChildProcessError(message: "posix_spawn \(executable) failed (errno \(result))") }
        return ChildProcess(pid: pid)
    }

    #if !canImport(Darwin)
    /// Adds a file action closing every descriptor from 3 up. Glibc 2.34 and later have
    /// `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module does not
    /// expose, so it is looked up by name; an older glibc gets one close per descriptor open
    /// now (glibc ignores a close action whose descriptor was closed meanwhile).
    private static func closeFromThree(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap(Int32.init) where fd >= 3 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
    }
    #endif

    /// Waits for the child to end (blocking the calling thread); returns its exit status, or
    /// 128 + the signal that killed it.
    public func waitBlocking() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return -1 }
        }
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }

    /// Waits for the child to end without blocking a cooperative thread.
    public func wait() async -> Int32 {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: self.waitBlocking()) }
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
