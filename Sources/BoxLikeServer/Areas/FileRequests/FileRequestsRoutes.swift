import BoxLikeJSON
import Foundation
import Hummingbird

/// `/2.0/file_requests...`, the upload pages their links open (`/f/<token>`), and the stand-in
/// for the web app's button that makes a folder's first request
/// (`POST /2.0/folders/{id}/file_request`, BoxLike's own: Box offers no API for it).
struct FileRequestsRoutes: ServerArea, FileRequestsOperations {
    let services: ServerServices

    func createFileRequestCopy(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        guard let folderId = body["folder"]?.idMember else { throw ServerErrorResponse.badRequest("folder.id is required") }
        let view = try await state.withArea(FileRequestsState.self) { area, core in try area.copyFileRequest(core: core,
            try input.path("file_request_id"), toFolder: folderId, changes: try Self.changes(body), principal: input.principal) }
        return Responses.json(FileRequestRepresentation.render(view))
    }

    func createWebAppFileRequest(_ input: OperationInput) async throws -> Response {
        let (view, created) = try await state.withArea(FileRequestsState.self) { area, core in try area.webAppFileRequest(core: core, folderId: try input.path("folder_id"), principal: input.principal) }
        return Responses.json(FileRequestRepresentation.render(view), status: created ? .created : .ok)
    }

    func getFileRequestById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("file_request_id")
        return Responses.json(FileRequestRepresentation.render(try await state.withArea(FileRequestsState.self) { area, core in try area.fileRequest(core: core, id, principal: input.principal) }))
    }

    func updateFileRequestById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("file_request_id")
        let changes = try Self.changes(try await input.json())
        let view = try await state.withArea(FileRequestsState.self) { area, core in try area.updateFileRequest(core: core, id, changes: changes, ifMatch: input.header("if-match"), principal: input.principal) }
        return Responses.json(FileRequestRepresentation.render(view))
    }

    func deleteFileRequestById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("file_request_id")
        try await state.withArea(FileRequestsState.self) { area, core in try area.deleteFileRequest(core: core, id, principal: input.principal) }
        return Responses.empty()
    }

    /// Registers the pages this area serves outside the API (no bearer token).
    func registerPages(on router: BoxRouter) {
        let spillThreshold = services.configuration.contentSpillThreshold
        let spillDirectory = services.configuration.contentSpillDirectory
        router.get("/f/:token") { _, context in
            let token = try context.pathParameter("token")
            guard let view = await state.withArea(FileRequestsState.self, { area, core in area.fileRequestTakingUploads(core: core, token: token) }) else {
                return Responses.html(FileRequestRepresentation.unavailablePage, status: .notFound)
            }
            return Responses.html(FileRequestRepresentation.uploadPage(view))
        }
        router.post("/f/:token") { request, context in
            let token = try context.pathParameter("token")
            // An unknown, inactive or expired request refuses before reading the body.
            guard let limit = await state.withArea(FileRequestsState.self, { area, core in area.fileRequestUploadLimit(core: core, token: token) }) else {
                return Responses.html(FileRequestRepresentation.unavailablePage, status: .notFound)
            }
            do {
                let submission = try await FileRequestForm.receive(
                    request, spillThreshold: spillThreshold, spillDirectory: spillDirectory, maximumFileSize: limit)
                let file = try await state.withArea(FileRequestsState.self) { area, core in try area.submitToFileRequest(core: core, token: token, submission: submission) }
                return Responses.html(FileRequestRepresentation.thankYouPage(fileName: file.name))
            } catch let error as ServerErrorResponse {
                if error.status == .notFound {
                    return Responses.html(FileRequestRepresentation.unavailablePage, status: .notFound)
                }
                return Responses.html(FileRequestRepresentation.errorPage(error), status: error.status)
            }
        }
    }

    static func changes(_ body: JSONValue) throws -> FileRequestChanges {
        var changes = FileRequestChanges(
            title: body["title"]?.stringValue, description: body["description"]?.stringValue, status: body["status"]?.stringValue, isEmailRequired: body["is_email_required"]?.boolValue,
            isDescriptionRequired: body["is_description_required"]?.boolValue)
        if let status = changes.status, status != "active" && status != "inactive" {
            throw ServerErrorResponse.badRequest("status must be active or inactive")
        }
        if let text = body["expires_at"]?.stringValue {
            guard let date = Timestamp.parse(text) else { throw ServerErrorResponse.badRequest("expires_at is not a date-time") }
            changes.expiresAt = date
        }
        return changes
    }
}
