import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starting a program with `posix_spawn` rather than Foundation's `Process`, which on Linux
/// (Swift 6.3.1) can crash the calling process while it lists `/proc/self/fd`
/// (swift-corelibs-foundation #5472).
///
/// The child gets none of the caller's open descriptors beyond its standard input, output
/// and error. SwiftNIO opens its sockets without close-on-exec, so a child would otherwise
/// hold every listener and connection that was open when it started for as long as it ran:
/// a port the app had closed would stay bound, and a connection it had closed would stay
/// open.
package enum SpawnedProcess {
    /// Where a child's standard output or error goes.
    package enum Output: Sendable {
        /// Discarded (`/dev/null`).
        case null
        /// Appended to a file, which is created if missing.
        case file(String)
        /// Into a descriptor the caller owns, such as a pipe's write end.
        case descriptor(Int32)
    }

    /// A program that could not be started.
    package struct StartFailure: Error, CustomStringConvertible {
        /// The program.
        package let executable: String
        /// The `errno` value `posix_spawn` returned.
        package let code: Int32
        /// The program and the error number.
        package var description: String { "posix_spawn \(executable) failed (errno \(code))" }
    }

    /// Starts `executable` (an absolute path) with `arguments` (without the program name)
    /// and `environment` (the caller's by default), `/dev/null` as standard input, and no
    /// other descriptor of the caller. Returns the process id.
    package static func start(_ executable: String, _ arguments: [String],
                              environment: [String: String]? = nil,
                              standardOutput: Output = .null,
                              standardError: Output = .null) throws(StartFailure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (output, target) in [(standardOutput, Int32(1)), (standardError, Int32(2))] {
            switch output {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        #if canImport(Darwin)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        #else
        closeDescriptorsFromThree(&actions)
        #endif
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = environment ?? ProcessInfo.processInfo.environment
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw StartFailure(executable: executable, code: result) }
        return pid
    }

    /// How a waited-for child ended.
    package enum Termination: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal ended it.
        case signalled(Int32)
    }

    /// Waits for `pid` to end, blocking the calling thread (keep it off the cooperative
    /// pool). Nil when the process cannot be waited for (not a child, or already reaped).
    package static func waitBlocking(for pid: pid_t) -> Termination? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        // WIFEXITED, WEXITSTATUS and WTERMSIG, which Swift does not import.
        if status & 0x7f == 0 { return .exited((status >> 8) & 0xff) }
        return .signalled(status & 0x7f)
    }

    /// Waits for `pid` to end on a thread of its own, so no cooperative thread blocks.
    package static func wait(for pid: pid_t) async -> Termination? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: waitBlocking(for: pid)) }
        }
    }

    #if !canImport(Darwin)
    /// Adds a file action closing every descriptor from 3 up. Glibc 2.34 and later have
    /// `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module does not
    /// expose, so it is looked up by name; with an older C library each descriptor open now
    /// gets a close action (glibc ignores a close action whose descriptor was closed
    /// meanwhile).
    private static func closeDescriptorsFromThree(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor >= 3 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }
    #endif
}
