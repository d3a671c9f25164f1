import BoxLikeJSON
import Foundation

/// Comments on files and replies to them. Anyone who can see a file can read and add its
/// comments; only the author changes a comment; the author or the file's owner deletes one.
extension CommentsState {
    /// Adds a comment to a file, or a reply to the comment `itemId` names when `itemType` is `comment`.
    mutating func createComment(core: isolated ServerState, message: String, taggedMessage: String?, itemType: String, itemId: String,
                       principal: Principal) throws -> CommentView {
        let fileId: String
        let repliesTo: String?
        switch itemType {
        case "file":
            fileId = try core.file(itemId, for: principal, to: .comment).id
            repliesTo = nil
        case "comment":
            let parent = try visibleComment(core: core, itemId, principal: principal)
            fileId = parent.fileId
            repliesTo = parent.id
        default:
            throw ServerErrorResponse.badRequest("item.type must be file or comment")
        }
        let text = taggedMessage.map(Self.plainText(ofTagged:)) ?? message
        let now = core.currentTime
        let record = CommentRecord(
            id: core.newId(), fileId: fileId, repliesTo: repliesTo, message: text, taggedMessage: taggedMessage ?? message,
            createdBy: principal.userId, createdAt: now, modifiedAt: now)
        self.comments[record.id] = record
        core.recordEvent("COMMENT_CREATE", by: principal.userId, source: .file(fileId))
        return view(core: core, of: record)
    }

    /// A comment on a file the principal can see.
    mutating func comment(core: isolated ServerState, _ id: String, principal: Principal) throws -> CommentView {
        view(core: core, of: try visibleComment(core: core, id, principal: principal))
    }

    private mutating func visibleComment(core: isolated ServerState, _ id: String, principal: Principal) throws -> CommentRecord {
        guard let record = self.comments[id] else { throw ServerErrorResponse.notFound("comment") }
        do {
            _ = try core.file(record.fileId, for: principal, to: .comment)
        } catch {
            throw ServerErrorResponse.notFound("comment")
        }
        return record
    }

    /// The comments on a file, oldest first.
    mutating func comments(core: isolated ServerState, onFile fileId: String, principal: Principal) throws -> [CommentView] {
        let file = try core.file(fileId, for: principal, to: .comment)
        return self.comments.values.filter { $0.fileId == file.id }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }.map { view(core: core, of: $0) }
    }

    /// Changes the text of a comment; only its author may.
    mutating func updateComment(core: isolated ServerState, _ id: String, message: String?, principal: Principal) throws -> CommentView {
        var record = try visibleComment(core: core, id, principal: principal)
        guard record.createdBy == principal.userId else {
            throw ServerErrorResponse.forbidden("Only the author of a comment can change it.")
        }
        if let message {
            record.message = message
            record.taggedMessage = message
            record.modifiedAt = core.currentTime
            core.recordEvent(EventTypes.commentUpdate, by: principal.userId, source: .file(record.fileId))
        }
        self.comments[id] = record
        return view(core: core, of: record)
    }

    /// Deletes a comment and its replies; the author or the file's owner may.
    mutating func deleteComment(core: isolated ServerState, _ id: String, principal: Principal) throws {
        let record = try visibleComment(core: core, id, principal: principal)
        guard record.createdBy == principal.userId || core.items[.file(record.fileId)]?.ownerId == principal.userId else {
            throw ServerErrorResponse.forbidden("Only the author of a comment or the owner of the file can delete it.")
        }
        var doomed: Set<String> = [id]
        var grew = true
        while grew {
            let replies = self.comments.values.filter { $0.repliesTo.map(doomed.contains) ?? false }.map(\.id)
            let before = doomed.count
            doomed.formUnion(replies)
            grew = doomed.count > before
        }
        for commentId in doomed { self.comments[commentId] = nil }
        core.recordEvent("COMMENT_DELETE", by: principal.userId, source: .file(record.fileId))
    }

    private mutating func view(core: isolated ServerState, of record: CommentRecord) -> CommentView {
        CommentView(comment: record, createdBy: core.userMini(record.createdBy))
    }

    /// `@[123:Aaron Levie] look` reads `@Aaron Levie look` as plain text.
    static func plainText(ofTagged tagged: String) -> String {
        var output = ""
        var rest = Substring(tagged)
        while let start = rest.range(of: "@[") {
            output += rest[..<start.lowerBound]
            let mention = rest[start.upperBound...]
            guard let close = mention.firstIndex(of: "]"), let colon = mention[..<close].firstIndex(of: ":") else {
                output += rest[start.lowerBound...]
                return output
            }
            output += "@" + mention[mention.index(after: colon)..<close]
            rest = mention[mention.index(after: close)...]
        }
        return output + rest
    }
}
