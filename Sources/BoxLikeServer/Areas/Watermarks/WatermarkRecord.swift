import Foundation

/// When a file's or folder's watermark was applied and last changed.
struct WatermarkRecord: Sendable {
    var createdAt: Date
    var modifiedAt: Date
}
