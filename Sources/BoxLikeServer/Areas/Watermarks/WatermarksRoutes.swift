import BoxLikeJSON
import Hummingbird

/// `/2.0/{files,folders}/{id}/watermark` and `/2.0/folder_locks...`.
struct WatermarksRoutes: ServerArea {
    let services: ServerServices

    static func register(on routes: ServerRoutes) {
        WatermarksRoutes(services: routes.services).register(on: routes)
    }
    /// The kinds that can be watermarked.
    static let kinds: [ItemRoute] = [.files, .folders]

    func register(on routes: ServerRoutes) {
        let state = services.state
        for route in Self.kinds {
            routes.api.serve(route.pick(files: .getFileWatermark, folders: .getFolderWatermark)) { _, context, principal in
                let ref = try await route.ref(in: context, for: principal, state: state)
                return Responses.json(WatermarkRepresentation.render(try await state.watermark(of: ref, principal: principal)))
            }
            routes.api.serve(route.pick(files: .updateFileWatermark, folders: .updateFolderWatermark)) { request, context, principal in
                guard try await context.json(request)["watermark"]?["imprint"]?.stringValue == "default" else {
                    throw ServerErrorResponse.badRequest("watermark.imprint must be default")
                }
                let ref = try await route.ref(in: context, for: principal, state: state)
                let (watermark, created) = try await state.applyWatermark(to: ref, principal: principal)
                return Responses.json(WatermarkRepresentation.render(watermark), status: created ? .created : .ok)
            }
            routes.api.serve(route.pick(files: .deleteFileWatermark, folders: .deleteFolderWatermark)) { _, context, principal in
                try await state.removeWatermark(from: try await route.ref(in: context, for: principal, state: state), principal: principal)
                return Responses.empty()
            }
        }
    }
}
