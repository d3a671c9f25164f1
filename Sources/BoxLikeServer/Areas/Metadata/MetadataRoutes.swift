import Hummingbird

/// Metadata instances on files and folders: `/2.0/{files,folders}/{id}/metadata...`.
struct MetadataRoutes: ServerArea, FileMetadataOperations, FolderMetadataOperations {
    let services: ServerServices

    func getFileMetadata(_ input: OperationInput) async throws -> Response {
        try await getMetadata(.files, input)
    }

    func getFolderMetadata(_ input: OperationInput) async throws -> Response {
        try await getMetadata(.folders, input)
    }

    func getFileMetadataById(_ input: OperationInput) async throws -> Response {
        try await getMetadataById(.files, input)
    }

    func getFolderMetadataById(_ input: OperationInput) async throws -> Response {
        try await getMetadataById(.folders, input)
    }

    func createFileMetadataById(_ input: OperationInput) async throws -> Response {
        try await createMetadataById(.files, input)
    }

    func createFolderMetadataById(_ input: OperationInput) async throws -> Response {
        try await createMetadataById(.folders, input)
    }

    func updateFileMetadataById(_ input: OperationInput) async throws -> Response {
        try await updateMetadataById(.files, input)
    }

    func updateFolderMetadataById(_ input: OperationInput) async throws -> Response {
        try await updateMetadataById(.folders, input)
    }

    func deleteFileMetadataById(_ input: OperationInput) async throws -> Response {
        try await deleteMetadataById(.files, input)
    }

    func deleteFolderMetadataById(_ input: OperationInput) async throws -> Response {
        try await deleteMetadataById(.folders, input)
    }

    private func getMetadata(_ route: ItemRoute, _ input: OperationInput) async throws -> Response {
        let item = try await route.ref(in: input.context, for: input.principal, state: state)
        let instances = try await state.metadataInstances(on: item, principal: input.principal)
        return Responses.json(["entries": .array(instances), "limit": 100])
    }

    private func getMetadataById(_ route: ItemRoute, _ input: OperationInput) async throws -> Response {
        let (item, scope, template) = try await Self.target(route, in: input.context, for: input.principal, state: state)
        return Responses.json(try await state.metadataInstance(on: item, scope: scope, template: template, principal: input.principal))
    }

    private func createMetadataById(_ route: ItemRoute, _ input: OperationInput) async throws -> Response {
        let (item, scope, template) = try await Self.target(route, in: input.context, for: input.principal, state: state)
        guard let values = try await input.json().objectValue else { throw ServerErrorResponse.badRequest("request body must be an object") }
        return Responses.json(
            try await state.createMetadata(on: item, scope: scope, template: template, values: values, principal: input.principal),
            status: .created)
    }

    private func updateMetadataById(_ route: ItemRoute, _ input: OperationInput) async throws -> Response {
        let (item, scope, template) = try await Self.target(route, in: input.context, for: input.principal, state: state)
        guard let operations = try await input.json().arrayValue else {
            throw ServerErrorResponse.badRequest("request body must be a JSON Patch array")
        }
        return Responses.json(
            try await state.updateMetadata(on: item, scope: scope, template: template, operations: operations, principal: input.principal))
    }

    private func deleteMetadataById(_ route: ItemRoute, _ input: OperationInput) async throws -> Response {
        let (item, scope, template) = try await Self.target(route, in: input.context, for: input.principal, state: state)
        try await state.deleteMetadata(on: item, scope: scope, template: template, principal: input.principal)
        return Responses.empty()
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
