import BoxLikeJSON
import Foundation
import Hummingbird

/// `/2.0/file_version_retentions...`: the retentions retention policies put on file versions.
struct FileVersionRetentionsRoutes: ServerArea, FileVersionRetentionsOperations {
    let services: ServerServices

    func getFileVersionRetentions(_ input: OperationInput) async throws -> Response {
        let query = input.query
        func date(_ name: String) throws -> Date? {
            guard let text = query[name], !text.isEmpty else { return nil }
            guard let date = Timestamp.parse(text) else { throw ServerErrorResponse.badRequest("\(name) must be a date-time") }
            return date
        }
        let filter = RetentionState.FileVersionRetentionFilter(
            fileId: query["file_id"], fileVersionId: query["file_version_id"], policyId: query["policy_id"],
            dispositionAction: query["disposition_action"], dispositionBefore: try date("disposition_before"),
            dispositionAfter: try date("disposition_after"))
        let retentions = try await state.withComplianceArea(RetentionState.self) { area, core in try area.fileVersionRetentions(core: core, filter, principal: input.principal) }
        return Responses.json(try Paging(query: query, allowMarker: true).markerPage(retentions, render: FileVersionRetentionRepresentation.render))
    }

    func getFileVersionRetentionById(_ input: OperationInput) async throws -> Response {
        let retention = try await state.withComplianceArea(RetentionState.self) { area, core in try area.fileVersionRetention(core: core, try input.path("file_version_retention_id"), principal: input.principal) }
        return Responses.json(FileVersionRetentionRepresentation.render(retention))
    }
}
