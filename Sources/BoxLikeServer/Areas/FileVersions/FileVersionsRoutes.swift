import Hummingbird

/// A file's versions: `GET /2.0/files/{id}/versions`, `GET`, `PUT` (restore) and `DELETE
/// .../versions/{version_id}`, and `POST .../versions/current` (promote).
struct FileVersionsRoutes: ServerArea, FileVersionsOperations {
    let services: ServerServices

    func getFileVersions(_ input: OperationInput) async throws -> Response {
        let versions = try await state.earlierVersions(ofFile: try input.path("file_id"), principal: input.principal)
        let paging = try Paging(query: input.query)
        let fields = FieldSelection(query: input.query)
        let rendered = versions[paging.window(count: versions.count)].map { FileVersionRepresentation.render($0, fields: fields) }
        return Responses.json(paging.envelope(rendered, totalCount: versions.count))
    }

    func promoteFileVersion(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let versionId = try body.required("id", as: String.self)
        let version = try await state.promoteVersion(
            fileId: try input.path("file_id"), versionId: versionId, ifMatch: input.header("if-match"), principal: input.principal)
        return Self.version(version, request: input.request, status: .created)
    }

    func getFileVersionById(_ input: OperationInput) async throws -> Response {
        let version = try await state.fileVersion(
            fileId: try input.path("file_id"), versionId: try input.path("file_version_id"), principal: input.principal)
        return Self.version(version, request: input.request)
    }

    func updateFileVersionById(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        guard let trashedAt = body["trashed_at"], trashedAt.isNull else {
            throw ServerErrorResponse.badRequest("trashed_at must be null, which restores the version")
        }
        let version = try await state.restoreVersion(
            fileId: try input.path("file_id"), versionId: try input.path("file_version_id"), principal: input.principal)
        return Self.version(version, request: input.request)
    }

    func deleteFileVersionById(_ input: OperationInput) async throws -> Response {
        try await state.trashVersion(
            fileId: try input.path("file_id"), versionId: try input.path("file_version_id"),
            ifMatch: input.header("if-match"), principal: input.principal)
        return Responses.empty()
    }

    private static func version(_ version: FileVersionView, request: Request, status: HTTPResponse.Status = .ok) -> Response {
        Responses.json(FileVersionRepresentation.render(version, fields: FieldSelection(query: request.query)), status: status)
    }
}
