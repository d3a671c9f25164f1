import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory `flock` on a lock file, shared by every process on the machine.
///
/// The lock is polled with `LOCK_NB` and short sleeps instead of a blocking `flock`, because a
/// blocking call would park one of the few threads of Swift's cooperative pool, and because
/// polling gives a timeout for free. The lock file is never deleted: deleting it would let
/// two processes lock two different files of the same name.
enum FileLock {
    /// Runs `body` while holding the exclusive lock on `path`, creating the lock file (mode
    /// 0600) when missing. Closing the descriptor releases the lock, which is also what
    /// happens to a process that dies holding it.
    static func withLock<Result>(
        _ path: String,
        timeout: Duration,
        _ body: () async throws -> Result
    ) async throws -> Result {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw TokenStorageError.io(operation: "open", path: path, errno: errno) }
        defer {
            flock(fd, LOCK_UN)
            close(fd)
        }
        try await lock(fd, path: path, timeout: timeout)
        return try await body()
    }

    private static func lock(_ fd: Int32, path: String, timeout: Duration) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var pause = Duration.milliseconds(1)
        while true {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return }
            let error = errno
            if error == EINTR { continue }
            guard error == EWOULDBLOCK || error == EAGAIN else {
                throw TokenStorageError.io(operation: "flock", path: path, errno: error)
            }
            guard clock.now < deadline else {
                let parts = timeout.components
                throw TokenStorageError.lockTimeout(
                    resource: path, seconds: Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
            }
            try await Task.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(20))
        }
    }
}
