import BoxLikeJSON
import Hummingbird

/// `/2.0/{files,folders}/{id}/watermark` and `/2.0/folder_locks...`.
struct WatermarksRoutes: ServerArea, FileWatermarksOperations, FolderWatermarksOperations {
    let services: ServerServices

    func getFileWatermark(_ input: OperationInput) async throws -> Response {
        try await getWatermark(.files, input)
    }

    func getFolderWatermark(_ input: OperationInput) async throws -> Response {
        try await getWatermark(.folders, input)
    }

    func updateFileWatermark(_ input: OperationInput) async throws -> Response {
        try await updateWatermark(.files, input)
    }

    func updateFolderWatermark(_ input: OperationInput) async throws -> Response {
        try await updateWatermark(.folders, input)
    }

    func deleteFileWatermark(_ input: OperationInput) async throws -> Response {
        try await deleteWatermark(.files, input)
    }

    func deleteFolderWatermark(_ input: OperationInput) async throws -> Response {
        try await deleteWatermark(.folders, input)
    }

    private func getWatermark(_ route: ItemRoute, _ input: OperationInput) async throws -> Response {
        let ref = try await route.ref(in: input.context, for: input.principal, state: state)
        return Responses.json(WatermarkRepresentation.render(try await state.watermark(of: ref, principal: input.principal)))
    }

    private func updateWatermark(_ route: ItemRoute, _ input: OperationInput) async throws -> Response {
        guard try await input.json()["watermark"]?["imprint"]?.stringValue == "default" else {
            throw ServerErrorResponse.badRequest("watermark.imprint must be default")
        }
        let ref = try await route.ref(in: input.context, for: input.principal, state: state)
        let (watermark, created) = try await state.applyWatermark(to: ref, principal: input.principal)
        return Responses.json(WatermarkRepresentation.render(watermark), status: created ? .created : .ok)
    }

    private func deleteWatermark(_ route: ItemRoute, _ input: OperationInput) async throws -> Response {
        try await state.removeWatermark(from: try await route.ref(in: input.context, for: input.principal, state: state), principal: input.principal)
        return Responses.empty()
    }
}
