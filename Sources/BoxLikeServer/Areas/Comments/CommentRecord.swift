import Foundation

/// A comment on a file, or a reply to one (`repliesTo`).
struct CommentRecord: Sendable {
    var id: String
    var fileId: String
    /// The comment this one replies to; `nil` for a comment on the file itself.
    var repliesTo: String?
    var message: String
    var taggedMessage: String
    var createdBy: String
    var createdAt: Date
    var modifiedAt: Date
}

/// What this area keeps for itself in the state actor.
struct CommentsState: AreaState {
    var comments: [String: CommentRecord] = [:]
}
