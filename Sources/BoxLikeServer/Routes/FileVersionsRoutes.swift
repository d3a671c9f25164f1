import Hummingbird

/// A file's versions: `GET /2.0/files/{id}/versions`, `GET`, `PUT` (restore) and `DELETE
/// .../versions/{version_id}`, and `POST .../versions/current` (promote).
struct FileVersionsRoutes {
    let services: ServerServices

    func register(on router: BoxRouter) {
        let state = services.state
        router.get("/2.0/files/:file_id/versions") { request, context in
            let principal = try context.caller(requiring: Scope.read)
            let versions = try await state.earlierVersions(ofFile: try context.pathParameter("file_id"), principal: principal)
            let paging = try Paging(query: request.query)
            let fields = FieldSelection(query: request.query)
            var rendered: [JSONValue] = []
            for version in versions[paging.window(count: versions.count)] {
                rendered.append(await state.renderVersion(version.record, number: version.number, fields: fields))
            }
            return Responses.json(paging.envelope(rendered, totalCount: versions.count))
        }
        router.post("/2.0/files/:file_id/versions/current") { request, context in
            let principal = try context.caller(requiring: Scope.write.union(Scope.upload))
            let body = try await context.json(request)
            guard let versionId = body.idMember else { throw ServerErrorResponse.badRequest("id is required") }
            let version = try await state.promoteVersion(
                fileId: try context.pathParameter("file_id"), versionId: versionId, ifMatch: request.header("if-match"), principal: principal)
            return await Self.version(version, request: request, state: state, status: .created)
        }
        router.get("/2.0/files/:file_id/versions/:file_version_id") { request, context in
            let principal = try context.caller(requiring: Scope.read)
            let version = try await state.fileVersion(
                fileId: try context.pathParameter("file_id"), versionId: try context.pathParameter("file_version_id"), principal: principal)
            return await Self.version(version, request: request, state: state)
        }
        router.put("/2.0/files/:file_id/versions/:file_version_id") { request, context in
            let principal = try context.caller(requiring: Scope.write)
            let body = try await context.json(request)
            guard let trashedAt = body["trashed_at"], trashedAt.isNull else {
                throw ServerErrorResponse.badRequest("trashed_at must be null, which restores the version")
            }
            let version = try await state.restoreVersion(
                fileId: try context.pathParameter("file_id"), versionId: try context.pathParameter("file_version_id"), principal: principal)
            return await Self.version(version, request: request, state: state)
        }
        router.delete("/2.0/files/:file_id/versions/:file_version_id") { request, context in
            let principal = try context.caller(requiring: Scope.delete)
            try await state.trashVersion(
                fileId: try context.pathParameter("file_id"), versionId: try context.pathParameter("file_version_id"),
                ifMatch: request.header("if-match"), principal: principal)
            return Responses.empty()
        }
    }

    private static func version(
        _ version: (record: FileVersionRecord, number: Int), request: Request, state: ServerState, status: HTTPResponse.Status = .ok
    ) async -> Response {
        Responses.json(await state.renderVersion(version.record, number: version.number, fields: FieldSelection(query: request.query)), status: status)
    }
}
