import Hummingbird

/// `/2.0/archives` and `/2.0/archives/{archive_id}` (Box API 2025.0, answered only with
/// `box-version: 2025.0`).
struct ArchivesRoutes: ServerArea, ArchivesOperations {
    let services: ServerServices

    func createArchiveV2025R0(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let archive = try await state.withArea(ArchivesState.self) { area, core in try area.createArchive(core: core,
            name: body["name"]?.stringValue ?? "", description: body["description"]?.stringValue,
            storagePolicyId: body["storage_policy_id"]?.stringValue, principal: input.principal) }
        return Responses.json(ArchiveRepresentation.archive(archive), status: .created)
    }

    func getArchivesV2025R0(_ input: OperationInput) async throws -> Response {
        let archives = try await state.withArea(ArchivesState.self) { area, core in try area.archives(core: core, principal: input.principal) }
        return Responses.json(try Paging(query: input.query, forceMarker: true).page(archives, render: ArchiveRepresentation.archive))
    }

    func updateArchiveByIdV2025R0(_ input: OperationInput) async throws -> Response {
        let id = try input.path("archive_id")
        let body = try await input.json()
        let archive = try await state.withArea(ArchivesState.self) { area, core in try area.updateArchive(core: core,
            id: id, name: body["name"]?.stringValue, description: body["description"]?.stringValue, principal: input.principal) }
        return Responses.json(ArchiveRepresentation.archive(archive))
    }

    func deleteArchiveByIdV2025R0(_ input: OperationInput) async throws -> Response {
        let id = try input.path("archive_id")
        try await state.withArea(ArchivesState.self) { area, core in try area.deleteArchive(core: core, id: id, principal: input.principal) }
        return Responses.empty()
    }
}
