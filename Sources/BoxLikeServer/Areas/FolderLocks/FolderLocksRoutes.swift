import BoxLikeJSON
import Hummingbird

/// `/2.0/folder_locks...`: locks that keep a folder from being moved or deleted.
struct FolderLocksRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getFolderLocks) { request, context, principal in
            let folderId = try request.requiredQuery("folder_id")
            let locks = try await state.folderLocks(on: folderId, principal: principal)
            return Responses.json(["entries": .array(locks.map(FolderLockRepresentation.render)), "limit": "1000", "next_marker": .null])
        }
        routes.api.serve(.createFolderLock) { request, context, principal in
            let body = try await context.json(request)
            let folderId = try body.required("folder.id", as: String.self)
            let operations = body["locked_operations"]
            let lock = try await state.lockFolder(
                folderId, move: operations?["move"]?.boolValue ?? true, delete: operations?["delete"]?.boolValue ?? true,
                principal: principal)
            return Responses.json(FolderLockRepresentation.render(lock))
        }
        routes.api.serve(.deleteFolderLockById) { _, context, principal in
            try await state.unlockFolder(try context.pathParameter("folder_lock_id"), principal: principal)
            return Responses.empty()
        }
    }
}
