import BoxLikeJSON
import Hummingbird

/// `/2.0/{files,folders}/{id}/watermark` and `/2.0/folder_locks...`.
struct WatermarksRoutes {
    let services: ServerServices
    /// The kinds that can be watermarked.
    static let kinds: [ItemRoute] = [.files, .folders]

    func register(on router: BoxRouter) {
        let state = services.state
        for route in Self.kinds {
            router.get(route.path("/watermark")) { _, context in
                let principal = try context.caller(requiring: Scope.read)
                let ref = try await route.ref(in: context, for: principal, state: state)
                return Responses.json(await state.renderWatermark(try await state.watermark(of: ref, principal: principal)))
            }
            router.put(route.path("/watermark")) { request, context in
                let principal = try context.caller(requiring: Scope.write)
                guard try await context.json(request)["watermark"]?["imprint"]?.stringValue == "default" else {
                    throw ServerErrorResponse.badRequest("watermark.imprint must be default")
                }
                let ref = try await route.ref(in: context, for: principal, state: state)
                let (watermark, created) = try await state.applyWatermark(to: ref, principal: principal)
                return Responses.json(await state.renderWatermark(watermark), status: created ? .created : .ok)
            }
            router.delete(route.path("/watermark")) { _, context in
                let principal = try context.caller(requiring: Scope.write)
                try await state.removeWatermark(from: try await route.ref(in: context, for: principal, state: state), principal: principal)
                return Responses.empty()
            }
        }
        router.get("/2.0/folder_locks") { request, context in
            let principal = try context.caller(requiring: Scope.read)
            guard let folderId = request.query["folder_id"] else { throw ServerErrorResponse.badRequest("folder_id is required") }
            let locks = try await state.folderLocks(on: folderId, principal: principal)
            var rendered: [JSONValue] = []
            for lock in locks { rendered.append(await state.renderFolderLock(lock)) }
            return Responses.json(["entries": .array(rendered), "limit": "1000", "next_marker": .null])
        }
        router.post("/2.0/folder_locks") { request, context in
            let principal = try context.caller(requiring: Scope.write)
            let body = try await context.json(request)
            guard let folderId = body["folder"]?.idMember else { throw ServerErrorResponse.badRequest("folder.id is required") }
            let operations = body["locked_operations"]
            let lock = try await state.lockFolder(
                folderId, move: operations?["move"]?.boolValue ?? true, delete: operations?["delete"]?.boolValue ?? true,
                principal: principal)
            return Responses.json(await state.renderFolderLock(lock))
        }
        router.delete("/2.0/folder_locks/:folder_lock_id") { _, context in
            let principal = try context.caller(requiring: Scope.write)
            try await state.unlockFolder(try context.pathParameter("folder_lock_id"), principal: principal)
            return Responses.empty()
        }
    }
}
