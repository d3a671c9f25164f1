import Foundation

/// When a file's or folder's watermark was applied and last changed.
struct WatermarkRecord: Sendable {
    var createdAt: Date
    var modifiedAt: Date
}

/// A lock keeping a folder from being moved, deleted, or both.
struct FolderLockRecord: Sendable {
    var id: String
    var folderId: String
    var createdBy: String
    var createdAt: Date
    var lockMove: Bool
    var lockDelete: Bool
}
