import Hummingbird

/// `/2.0/archives` and `/2.0/archives/{archive_id}` (Box API 2025.0, answered only with
/// `box-version: 2025.0`).
struct ArchivesRoutes: ServerArea, ArchivesOperations {
    let services: ServerServices

    func createArchiveV2025R0(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let archive = try await state.createArchive(
            name: body["name"]?.stringValue ?? "", description: body["description"]?.stringValue,
            storagePolicyId: body["storage_policy_id"]?.stringValue, principal: input.principal)
        return Responses.json(ArchiveRepresentation.archive(archive), status: .created)
    }

    func getArchivesV2025R0(_ input: OperationInput) async throws -> Response {
        let archives = try await state.archives(principal: input.principal)
        return Responses.json(try Paging(query: input.query, forceMarker: true).page(archives, render: ArchiveRepresentation.archive))
    }

    func updateArchiveByIdV2025R0(_ input: OperationInput) async throws -> Response {
        let id = try input.path("archive_id")
        let body = try await input.json()
        let archive = try await state.updateArchive(
            id: id, name: body["name"]?.stringValue, description: body["description"]?.stringValue, principal: input.principal)
        return Responses.json(ArchiveRepresentation.archive(archive))
    }

    func deleteArchiveByIdV2025R0(_ input: OperationInput) async throws -> Response {
        let id = try input.path("archive_id")
        try await state.deleteArchive(id: id, principal: input.principal)
        return Responses.empty()
    }
}
