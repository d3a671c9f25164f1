import BoxLikeJSON
import Hummingbird

/// `/2.0/folder_locks...`: locks that keep a folder from being moved or deleted.
struct FolderLocksRoutes: ServerArea, FolderLocksOperations {
    let services: ServerServices

    func getFolderLocks(_ input: OperationInput) async throws -> Response {
        let folderId = try input.request.requiredQuery("folder_id")
        let locks = try await state.withArea(FolderLocksState.self) { area, core in try area.folderLocks(core: core, on: folderId, principal: input.principal) }
        return Responses.json(["entries": .array(locks.map(FolderLockRepresentation.render)), "limit": "1000", "next_marker": .null])
    }

    func createFolderLock(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let folderId = try body.required("folder.id", as: String.self)
        let operations = body["locked_operations"]
        let lock = try await state.withArea(FolderLocksState.self) { area, core in try area.lockFolder(core: core,
            folderId, move: operations?["move"]?.boolValue ?? true, delete: operations?["delete"]?.boolValue ?? true,
            principal: input.principal) }
        return Responses.json(FolderLockRepresentation.render(lock))
    }

    func deleteFolderLockById(_ input: OperationInput) async throws -> Response {
        try await state.withArea(FolderLocksState.self) { area, core in try area.unlockFolder(core: core, try input.path("folder_lock_id"), principal: input.principal) }
        return Responses.empty()
    }
}
