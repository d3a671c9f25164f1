import Foundation

/// A file's versions, content dates and lock.
struct FilePayload: Sendable {
    var currentVersion: FileVersionRecord
    /// Earlier versions, oldest first.
    var previousVersions: [FileVersionRecord] = []
    var contentCreatedAt: Date
    var contentModifiedAt: Date
    var lock: LockRecord?

    /// Every version, oldest first.
    var versions: [FileVersionRecord] { previousVersions + [currentVersion] }
    /// The current version's size in bytes.
    var size: Int { currentVersion.content.size }

    mutating func addVersion(_ version: FileVersionRecord) {
        previousVersions.append(currentVersion)
        currentVersion = version
    }
}

/// One version of a file's content.
struct FileVersionRecord: Sendable {
    var id: String
    var content: StoredContent
    var name: String
    var createdAt: Date
    var modifiedBy: String
}

/// A lock on a file: while it holds, only its creator may change the file.
struct LockRecord: Sendable {
    var id: String
    var createdBy: String
    var createdAt: Date
    var expiresAt: Date?
    var isDownloadPrevented: Bool

    var isActive: Bool { expiresAt.map { $0 > Date() } ?? true }
}
