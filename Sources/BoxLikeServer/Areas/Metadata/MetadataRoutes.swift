import Hummingbird

/// Metadata instances on files and folders: `/2.0/{files,folders}/{id}/metadata...`.
struct MetadataRoutes: ServerArea {
    let services: ServerServices

    static func register(on routes: ServerRoutes) {
        MetadataRoutes(services: routes.services).register(on: routes)
    }
    /// The kinds that carry metadata through these routes.
    static let kinds: [ItemRoute] = [.files, .folders]

    func register(on routes: ServerRoutes) {
        let state = services.state
        for route in Self.kinds {
            routes.api.serve(route.pick(files: .getFileMetadata, folders: .getFolderMetadata)) { _, context, principal in
                let item = try await route.ref(in: context, for: principal, state: state)
                let instances = try await state.metadataInstances(on: item, principal: principal)
                return Responses.json(["entries": .array(instances), "limit": 100])
            }
            routes.api.serve(route.pick(files: .getFileMetadataById, folders: .getFolderMetadataById)) { _, context, principal in
                let (item, scope, template) = try await Self.target(route, in: context, for: principal, state: state)
                return Responses.json(try await state.metadataInstance(on: item, scope: scope, template: template, principal: principal))
            }
            routes.api.serve(route.pick(files: .createFileMetadataById, folders: .createFolderMetadataById)) { request, context, principal in
                let (item, scope, template) = try await Self.target(route, in: context, for: principal, state: state)
                guard let values = try await context.json(request).objectValue else { throw ServerErrorResponse.badRequest("request body must be an object") }
                return Responses.json(
                    try await state.createMetadata(on: item, scope: scope, template: template, values: values, principal: principal),
                    status: .created)
            }
            routes.api.serve(route.pick(files: .updateFileMetadataById, folders: .updateFolderMetadataById)) { request, context, principal in
                let (item, scope, template) = try await Self.target(route, in: context, for: principal, state: state)
                guard let operations = try await context.json(request).arrayValue else {
                    throw ServerErrorResponse.badRequest("request body must be a JSON Patch array")
                }
                return Responses.json(
                    try await state.updateMetadata(on: item, scope: scope, template: template, operations: operations, principal: principal))
            }
            routes.api.serve(route.pick(files: .deleteFileMetadataById, folders: .deleteFolderMetadataById)) { _, context, principal in
                let (item, scope, template) = try await Self.target(route, in: context, for: principal, state: state)
                try await state.deleteMetadata(on: item, scope: scope, template: template, principal: principal)
                return Responses.empty()
            }
        }
    }

    /// The item, scope and template key a metadata instance path names.
    static func target(
        _ route: ItemRoute, in context: BoxLikeRequestContext, for principal: Principal, state: ServerState
    ) async throws -> (ItemRef, String, String) {
        let scope = try context.pathParameter("scope")
        guard scope == "global" || scope == "enterprise" || scope.hasPrefix("enterprise_") else {
            throw ServerErrorResponse.badRequest("scope must be global or enterprise")
        }
        let item = try await route.ref(in: context, for: principal, state: state)
        return (item, scope, try context.pathParameter("template_key"))
    }
}
