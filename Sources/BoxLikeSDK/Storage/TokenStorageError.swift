/// Why a storage could not keep or give back a token.
///
/// A storage that cannot read what it holds throws one of these rather than returning `nil`,
/// so that no caller mistakes an unreadable token for a missing one and overwrites it.
/// Cases carry paths, modes and reasons, never key material or token contents.
///
/// ```swift
/// do {
///     let token = try await storage.get()
/// } catch TokenStorageError.wrongKey(let path) {
///     print("\(path) was written with another key")
/// }
/// ```
public enum TokenStorageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file was sealed with a different key than the one the storage holds.
    case wrongKey(path: String)
    /// The file's contents were changed after they were written (authentication failed).
    case tampered(path: String)
    /// The file is shorter than its header says: an incomplete copy or a cut-off file.
    case truncated(path: String)
    /// The file is not in a format this SDK version writes.
    case unsupportedFormat(path: String, detail: String)
    /// A directory the storage writes into can be written by other users, or is not owned by
    /// the current user; tokens placed there could be swapped or deleted.
    case insecureDirectory(path: String, mode: UInt32)
    /// A token or key file can be read or written by other users, or is not owned by the
    /// current user.
    case insecureFile(path: String, mode: UInt32)
    /// The lock shared with other processes was not obtained in time.
    case lockTimeout(resource: String, seconds: Double)
    /// The key is unusable (wrong length, not base64, missing variable).
    case invalidKey(reason: String)
    /// A namespace or credential id that cannot be used as a storage name.
    case invalidName(String)
    /// The stored bytes decrypted but are not a token.
    case undecodable(resource: String, detail: String)
    /// A system call failed.
    case io(operation: String, path: String, errno: Int32)
    /// The database rejected a query or could not be reached.
    case database(detail: String)

    /// A sentence with the paths and reasons, and no secrets.
    public var description: String {
        switch self {
        case .wrongKey(let path):
            return "The token file \(path) was encrypted with a different key."
        case .tampered(let path):
            return "The token file \(path) failed authentication: it was modified after it was written."
        case .truncated(let path):
            return "The token file \(path) is truncated."
        case .unsupportedFormat(let path, let detail):
            return "The token file \(path) is not in a supported format: \(detail)."
        case .insecureDirectory(let path, let mode):
            return "The directory \(path) (mode \(String(mode, radix: 8))) is writable by others or not owned by this user."
        case .insecureFile(let path, let mode):
            return "The file \(path) (mode \(String(mode, radix: 8))) is accessible to others or not owned by this user."
        case .lockTimeout(let resource, let seconds):
            return "Timed out after \(seconds)s waiting for the lock on \(resource)."
        case .invalidKey(let reason):
            return "The token encryption key is unusable: \(reason)."
        case .invalidName(let name):
            return "'\(name)' cannot be used as a namespace or credential id (lowercase letters, digits, '.', '_', '-', '@'; not starting with '.'; at most 200 characters; capitals are refused because file systems that ignore case would merge 'Work' and 'work')."
        case .undecodable(let resource, let detail):
            return "The stored data in \(resource) is not a token: \(detail)."
        case .io(let operation, let path, let errno):
            return "\(operation) failed for \(path) (errno \(errno))."
        case .database(let detail):
            return "The token database failed: \(detail)."
        }
    }
}
