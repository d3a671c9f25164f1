import Foundation

/// A chunked upload session.
struct UploadSessionRecord: Sendable {
    struct Part: Sendable {
        var id: String
        var offset: Int
        var size: Int
        var sha1: String
        var content: StoredContent
    }

    /// What committing the session makes.
    enum Destination: Sendable {
        /// A new file named ``UploadSessionRecord/fileName`` in the folder.
        case newFile(folderId: String)
        /// A new version of the file.
        case newVersion(fileId: String)
    }

    var id: String
    var ownerId: String
    var destination: Destination
    var fileName: String
    var fileSize: Int
    var partSize: Int
    var expiresAt: Date
    var parts: [Int: Part] = [:]

    /// Counted without adding to the file size, which may be as large as an `Int` holds.
    var totalParts: Int { max(1, fileSize / partSize + (fileSize % partSize == 0 ? 0 : 1)) }
}

/// What the chunked uploads keep beside the open sessions.
struct ChunkedUploadsState: AreaState {
    /// The owners of sessions that were committed, by session id: deleting one still succeeds.
    var committedSessionOwners: [String: String] = [:]
}
