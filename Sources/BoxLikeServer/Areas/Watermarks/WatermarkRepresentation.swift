import BoxLikeJSON

/// Box's `watermark` JSON, built outside the state actor.
enum WatermarkRepresentation {
    static func render(_ watermark: WatermarkRecord) -> JSONValue {
        ["watermark": ["created_at": Timestamp.json(watermark.createdAt), "modified_at": Timestamp.json(watermark.modifiedAt)]]
    }
}
