import BoxLikeJSON
import Foundation
import Hummingbird

/// `/2.0/file_version_retentions...`: the retentions retention policies put on file versions.
struct FileVersionRetentionsRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getFileVersionRetentions) { request, _, principal in
            let query = request.query
            func date(_ name: String) throws -> Date? {
                guard let text = query[name], !text.isEmpty else { return nil }
                guard let date = Timestamp.parse(text) else { throw ServerErrorResponse.badRequest("\(name) must be a date-time") }
                return date
            }
            let filter = ServerState.FileVersionRetentionFilter(
                fileId: query["file_id"], fileVersionId: query["file_version_id"], policyId: query["policy_id"],
                dispositionAction: query["disposition_action"], dispositionBefore: try date("disposition_before"),
                dispositionAfter: try date("disposition_after"))
            let retentions = try await state.fileVersionRetentions(filter, principal: principal)
            return Responses.json(try Paging(query: query, allowMarker: true).markerPage(retentions, render: FileVersionRetentionRepresentation.render))
        }
        routes.api.serve(.getFileVersionRetentionById) { _, context, principal in
            let retention = try await state.fileVersionRetention(try context.pathParameter("file_version_retention_id"), principal: principal)
            return Responses.json(FileVersionRetentionRepresentation.render(retention))
        }
    }
}
