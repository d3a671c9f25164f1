import BoxLikeJSON

/// A folder lock with what its JSON needs from the rest of the state.
struct FolderLockView: Sendable {
    var lock: FolderLockRecord
    var folder: JSONValue
    var createdBy: JSONValue
}

/// Box's `folder_lock` JSON, built outside the state actor.
enum FolderLockRepresentation {
    static func render(_ view: FolderLockView) -> JSONValue {
        let lock = view.lock
        return [
            "type": "folder_lock", "id": .string(lock.id), "folder": view.folder,
            "created_by": view.createdBy, "created_at": Timestamp.json(lock.createdAt),
            "locked_operations": ["move": .bool(lock.lockMove), "delete": .bool(lock.lockDelete)], "lock_type": "freeze",
        ]
    }
}
