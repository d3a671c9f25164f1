import Foundation

/// A file only its owner can read, in a fresh temporary directory: for settings that hold
/// a private key or a secret.
public struct PrivateFile: Sendable {
    /// Where it is.
    public let path: String

    /// Writes `contents` to `name` in a new temporary directory, readable by the owner only.
    public static func write(_ contents: String, named name: String) throws -> PrivateFile {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxlike-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let path = directory.appendingPathComponent(name).path
        guard FileManager.default.createFile(atPath: path, contents: Data(contents.utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return PrivateFile(path: path)
    }

    /// Deletes the file and its directory.
    public func remove() {
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }
}
