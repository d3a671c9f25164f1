import Hummingbird

/// `/2.0/archives` and `/2.0/archives/{archive_id}` (Box API 2025.0, answered only with
/// `box-version: 2025.0`).
struct ArchivesRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        let api = routes.api
        api.serve(.createArchiveV2025R0) { request, context, principal in
            let body = try await context.json(request)
            let archive = try await state.createArchive(
                name: body["name"]?.stringValue ?? "", description: body["description"]?.stringValue,
                storagePolicyId: body["storage_policy_id"]?.stringValue, principal: principal)
            return Responses.json(ArchiveRepresentation.archive(archive), status: .created)
        }
        api.serve(.getArchivesV2025R0) { request, _, principal in
            let archives = try await state.archives(principal: principal)
            return Responses.json(try Paging(query: request.query, forceMarker: true).page(archives, render: ArchiveRepresentation.archive))
        }
        api.resource(
            put: .init(.updateArchiveByIdV2025R0) { request, context, principal, id in
                let body = try await context.json(request)
                let archive = try await state.updateArchive(
                    id: id, name: body["name"]?.stringValue, description: body["description"]?.stringValue, principal: principal)
                return Responses.json(ArchiveRepresentation.archive(archive))
            },
            delete: .init(.deleteArchiveByIdV2025R0) { _, _, principal, id in
                try await state.deleteArchive(id: id, principal: principal)
                return Responses.empty()
            })
    }
}
