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

    /// The version with this id, current or earlier, and its number in the history (from 1).
    func version(_ id: String) -> (record: FileVersionRecord, number: Int)? {
        versions.enumerated().first { $0.element.id == id }.map { ($0.element, $0.offset + 1) }
    }

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
    /// When the version was moved to the trash; `nil` while it is part of the history.
    var trashedAt: Date?
    var trashedBy: String?
    var restoredAt: Date?
    var restoredBy: String?

    var isTrashed: Bool { trashedAt != nil }
}

/// A lock on a file: while it holds, only its creator may change the file.
struct LockRecord: Sendable {
    var id: String
    var createdBy: String
    var createdAt: Date
    var expiresAt: Date?
    var isDownloadPrevented: Bool

    /// Whether the lock still holds at `now` (the server's time).
    func isActive(at now: Date) -> Bool { expiresAt.map { $0 > now } ?? true }
}
