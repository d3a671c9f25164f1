import BoxLikeJSON

/// The JSON of archives, made from records outside the state actor.
enum ArchiveRepresentation {
    /// An archive holds nothing on this server yet, so its size is 0.
    static func archive(_ archive: ArchiveRecord) -> JSONValue {
        [
            "type": "archive", "id": .string(archive.id), "name": .string(archive.name),
            "description": archive.description.map(JSONValue.string) ?? .null, "size": .int(0),
            "owned_by": ["type": "user", "id": .string(archive.ownerId)],
        ]
    }
}
