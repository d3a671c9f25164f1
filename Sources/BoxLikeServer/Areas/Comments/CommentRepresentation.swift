import BoxLikeJSON

/// A comment with what its JSON needs from the rest of the state.
struct CommentView: Sendable {
    var comment: CommentRecord
    var createdBy: JSONValue
}

/// Box's `comment` JSON, built outside the state actor.
enum CommentRepresentation {
    static func render(_ view: CommentView, fields: FieldSelection) -> JSONValue {
        let record = view.comment
        let full: [String: JSONValue] = [
            "type": "comment", "id": .string(record.id),
            "is_reply_comment": .bool(record.repliesTo != nil),
            "message": .string(record.message), "tagged_message": .string(record.taggedMessage),
            "created_by": view.createdBy,
            "created_at": Timestamp.json(record.createdAt), "modified_at": Timestamp.json(record.modifiedAt),
            "item": record.repliesTo.map { ["type": "comment", "id": .string($0)] } ?? ["type": "file", "id": .string(record.fileId)],
        ]
        return fields.apply(full, standard: Set(full.keys))
    }
}
