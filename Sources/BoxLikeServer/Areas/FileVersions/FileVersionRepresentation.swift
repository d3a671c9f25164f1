import BoxLikeJSON

/// A file version with what its JSON needs from the rest of the state.
struct FileVersionView: Sendable {
    var version: FileVersionRecord
    /// Its place in the file's history, from 1.
    var number: Int
    /// The minis of whoever uploaded, trashed or restored it.
    var users: UserMinis
    var uploaderName: String
}

/// Box's `file_version` JSON (full variant), built outside the state actor.
enum FileVersionRepresentation {
    static func render(_ view: FileVersionView, fields: FieldSelection) -> JSONValue {
        let version = view.version
        let full: [String: JSONValue] = [
            "type": "file_version", "id": .string(version.id), "sha1": .string(version.content.sha1),
            "name": .string(version.name), "size": .int(version.content.size),
            "created_at": Timestamp.json(version.createdAt),
            "modified_at": Timestamp.json(version.restoredAt ?? version.trashedAt ?? version.createdAt),
            "modified_by": view.users[version.modifiedBy],
            "trashed_at": Timestamp.json(version.trashedAt), "trashed_by": view.users[version.trashedBy],
            "restored_at": Timestamp.json(version.restoredAt), "restored_by": view.users[version.restoredBy],
            "purged_at": Timestamp.json(version.trashedAt.map { $0.addingTimeInterval(ItemRecord.trashRetention) }),
            "uploader_display_name": .string(view.uploaderName),
            "version_number": .string(String(view.number)),
        ]
        return fields.apply(full, standard: Set(full.keys))
    }
}
