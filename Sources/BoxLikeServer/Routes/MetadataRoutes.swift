import Hummingbird

/// `/2.0/files/{id}/metadata...`
struct MetadataRoutes {
    let services: ServerServices

    func register(on router: BoxRouter) {
        let state = services.state
        router.get("/2.0/files/:file_id/metadata") { _, context in
            let principal = try context.caller(requiring: Scope.read)
            let item = ItemRef(type: .file, id: try context.pathParameter("file_id"))
            let instances = try await state.metadataInstances(on: item, principal: principal)
            return Responses.json(["entries": .array(instances), "limit": 100])
        }
        router.get("/2.0/files/:file_id/metadata/:scope/:template_key") { _, context in
            let principal = try context.caller(requiring: Scope.read)
            let (item, scope, template) = try Self.target(context)
            return Responses.json(try await state.metadataInstance(on: item, scope: scope, template: template, principal: principal))
        }
        router.post("/2.0/files/:file_id/metadata/:scope/:template_key") { request, context in
            let principal = try context.caller(requiring: Scope.write)
            let (item, scope, template) = try Self.target(context)
            guard let values = try await context.json(request).objectValue else { throw ServerErrorResponse.badRequest("request body must be an object") }
            return Responses.json(
                try await state.createMetadata(on: item, scope: scope, template: template, values: values, principal: principal),
                status: .created)
        }
        router.put("/2.0/files/:file_id/metadata/:scope/:template_key") { request, context in
            let principal = try context.caller(requiring: Scope.write)
            let (item, scope, template) = try Self.target(context)
            guard let operations = try await context.json(request).arrayValue else {
                throw ServerErrorResponse.badRequest("request body must be a JSON Patch array")
            }
            return Responses.json(
                try await state.updateMetadata(on: item, scope: scope, template: template, operations: operations, principal: principal))
        }
        router.delete("/2.0/files/:file_id/metadata/:scope/:template_key") { _, context in
            let principal = try context.caller(requiring: Scope.write)
            let (item, scope, template) = try Self.target(context)
            try await state.deleteMetadata(on: item, scope: scope, template: template, principal: principal)
            return Responses.empty()
        }
    }

    static func target(_ context: BoxLikeRequestContext) throws -> (ItemRef, String, String) {
        let scope = try context.pathParameter("scope")
        guard scope == "global" || scope == "enterprise" || scope.hasPrefix("enterprise_") else {
            throw ServerErrorResponse.badRequest("scope must be global or enterprise")
        }
        return (ItemRef(type: .file, id: try context.pathParameter("file_id")), scope, try context.pathParameter("template_key"))
    }
}
