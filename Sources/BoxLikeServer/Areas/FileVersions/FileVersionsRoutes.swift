import Hummingbird

/// A file's versions: `GET /2.0/files/{id}/versions`, `GET`, `PUT` (restore) and `DELETE
/// .../versions/{version_id}`, and `POST .../versions/current` (promote).
struct FileVersionsRoutes: ServerArea {
    let services: ServerServices

    static func register(on routes: ServerRoutes) {
        FileVersionsRoutes(services: routes.services).register(on: routes)
    }

    func register(on routes: ServerRoutes) {
        let state = services.state
        routes.api.serve(.getFileVersions) { request, context, principal in
            let versions = try await state.earlierVersions(ofFile: try context.pathParameter("file_id"), principal: principal)
            let paging = try Paging(query: request.query)
            let fields = FieldSelection(query: request.query)
            let rendered = versions[paging.window(count: versions.count)].map { FileVersionRepresentation.render($0, fields: fields) }
            return Responses.json(paging.envelope(rendered, totalCount: versions.count))
        }
        routes.api.serve(.promoteFileVersion) { request, context, principal in
            let body = try await context.json(request)
            let versionId = try body.required("id", as: String.self)
            let version = try await state.promoteVersion(
                fileId: try context.pathParameter("file_id"), versionId: versionId, ifMatch: request.header("if-match"), principal: principal)
            return Self.version(version, request: request, status: .created)
        }
        routes.api.serve(.getFileVersionById) { request, context, principal in
            let version = try await state.fileVersion(
                fileId: try context.pathParameter("file_id"), versionId: try context.pathParameter("file_version_id"), principal: principal)
            return Self.version(version, request: request)
        }
        routes.api.serve(.updateFileVersionById) { request, context, principal in
            let body = try await context.json(request)
            guard let trashedAt = body["trashed_at"], trashedAt.isNull else {
                throw ServerErrorResponse.badRequest("trashed_at must be null, which restores the version")
            }
            let version = try await state.restoreVersion(
                fileId: try context.pathParameter("file_id"), versionId: try context.pathParameter("file_version_id"), principal: principal)
            return Self.version(version, request: request)
        }
        routes.api.serve(.deleteFileVersionById) { request, context, principal in
            try await state.trashVersion(
                fileId: try context.pathParameter("file_id"), versionId: try context.pathParameter("file_version_id"),
                ifMatch: request.header("if-match"), principal: principal)
            return Responses.empty()
        }
    }

    private static func version(_ version: FileVersionView, request: Request, status: HTTPResponse.Status = .ok) -> Response {
        Responses.json(FileVersionRepresentation.render(version, fields: FieldSelection(query: request.query)), status: status)
    }
}
