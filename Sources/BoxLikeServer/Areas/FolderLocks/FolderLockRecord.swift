import Foundation

/// A lock keeping a folder from being moved, deleted, or both.
struct FolderLockRecord: Sendable {
    var id: String
    var folderId: String
    var createdBy: String
    var createdAt: Date
    var lockMove: Bool
    var lockDelete: Bool
}

/// The folder locks there are, by id.
struct FolderLocksState: AreaState {
    var locks: [String: FolderLockRecord] = [:]
}
