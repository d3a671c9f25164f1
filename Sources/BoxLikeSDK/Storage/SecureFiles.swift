import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file operations the encrypted file storage needs, each done the careful way:
/// private permissions, no symlink following, atomic replacement, and typed errors.
///
/// Foundation's file APIs do not expose `fsync` of a directory, `O_NOFOLLOW` or the owner
/// and mode checks in one step, so these are written against the system calls.
enum SecureFiles {
    /// Permission bits that must be clear on a directory holding tokens (group/other write).
    static let forbiddenDirectoryBits: UInt32 = 0o022
    /// Permission bits that must be clear on a token or key file (any group/other access).
    static let forbiddenFileBits: UInt32 = 0o077

    /// Creates `path` (mode 0700) when missing, then refuses it unless it is a directory owned
    /// by this user that nobody else can write.
    static func ensurePrivateDirectory(_ path: String) throws {
        var info = stat()
        if stat(path, &info) != 0 {
            let error = errno
            guard error == ENOENT else { throw TokenStorageError.io(operation: "stat", path: path, errno: error) }
            do {
                try FileManager.default.createDirectory(
                    atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw TokenStorageError.io(operation: "mkdir", path: path, errno: EACCES)
            }
            guard stat(path, &info) == 0 else {
                throw TokenStorageError.io(operation: "stat", path: path, errno: errno)
            }
        }
        let mode = UInt32(info.st_mode) & 0o7777
        guard (UInt32(info.st_mode) & UInt32(S_IFMT)) == UInt32(S_IFDIR) else {
            throw TokenStorageError.io(operation: "opendir (not a directory)", path: path, errno: ENOTDIR)
        }
        guard info.st_uid == geteuid(), mode & forbiddenDirectoryBits == 0 else {
            throw TokenStorageError.insecureDirectory(path: path, mode: mode)
        }
    }

    /// The contents of `path`, or `nil` when it does not exist. Refuses a file that others can
    /// access or that another user owns, and never follows a symlink.
    static func readPrivateFile(_ path: String) throws -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if fd < 0 {
            let error = errno
            if error == ENOENT { return nil }
            throw TokenStorageError.io(operation: "open", path: path, errno: error)
        }
        defer { close(fd) }
        try checkPrivate(fd: fd, path: path)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw TokenStorageError.io(operation: "read", path: path, errno: errno)
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Replaces `path` with `data` so that a crash at any moment leaves either the old or the
    /// new contents: write a temporary file in the same directory, flush it, rename it over
    /// the target, then flush the directory so the rename itself survives a power loss.
    ///
    /// The caller must hold the file's lock: the temporary name is fixed per target, which is
    /// what keeps killed writers from leaving a trail of temporary files behind.
    static func writeAtomically(_ data: Data, to path: String) throws {
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw TokenStorageError.io(operation: "open", path: temporary, errno: errno) }
        var closed = false
        defer { if !closed { close(fd) } }
        // A leftover temporary file from another umask must not keep looser permissions.
        guard fchmod(fd, 0o600) == 0 else { throw TokenStorageError.io(operation: "fchmod", path: temporary, errno: errno) }
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw TokenStorageError.io(operation: "write", path: temporary, errno: errno)
                }
                offset += written
            }
        }
        guard fsync(fd) == 0 else { throw TokenStorageError.io(operation: "fsync", path: temporary, errno: errno) }
        closed = true
        guard close(fd) == 0 else { throw TokenStorageError.io(operation: "close", path: temporary, errno: errno) }
        guard rename(temporary, path) == 0 else { throw TokenStorageError.io(operation: "rename", path: path, errno: errno) }
        try syncDirectory(of: path)
    }

    /// Deletes `path` if it exists, durably.
    static func remove(_ path: String) throws {
        if unlink(path) != 0 {
            let error = errno
            if error == ENOENT { return }
            throw TokenStorageError.io(operation: "unlink", path: path, errno: error)
        }
        try syncDirectory(of: path)
    }

    /// The names in `directory`, or none when it does not exist.
    static func entries(of directory: String) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return []
        } catch {
            throw TokenStorageError.io(operation: "readdir", path: directory, errno: EIO)
        }
    }

    /// Creates `path` with `data`, mode 0600, failing if it already exists (never clobbers a key).
    static func createPrivateFile(_ path: String, data: Data) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw TokenStorageError.io(operation: "create", path: path, errno: errno) }
        defer { close(fd) }
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw TokenStorageError.io(operation: "write", path: path, errno: errno)
                }
                offset += written
            }
        }
        guard fsync(fd) == 0 else { throw TokenStorageError.io(operation: "fsync", path: path, errno: errno) }
    }

    static func checkPrivate(fd: Int32, path: String) throws {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw TokenStorageError.io(operation: "fstat", path: path, errno: errno) }
        let mode = UInt32(info.st_mode) & 0o7777
        guard info.st_uid == geteuid(), mode & forbiddenFileBits == 0 else {
            throw TokenStorageError.insecureFile(path: path, mode: mode)
        }
    }

    private static func syncDirectory(of path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let fd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw TokenStorageError.io(operation: "open", path: directory, errno: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw TokenStorageError.io(operation: "fsync", path: directory, errno: errno) }
    }
}
