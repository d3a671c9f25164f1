import BoxLikeJSON
import Hummingbird

/// `/2.0/file_version_legal_holds...`: the file versions a legal hold policy holds.
struct FileVersionLegalHoldsRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getFileVersionLegalHolds) { request, _, principal in
            let holds = try await state.fileVersionLegalHolds(policyId: try request.requiredQuery("policy_id"), principal: principal)
            return Responses.json(try Paging(query: request.query, allowMarker: true).markerPage(holds, render: FileVersionLegalHoldRepresentation.render))
        }
        routes.api.serve(.getFileVersionLegalHoldById) { _, context, principal in
            let hold = try await state.fileVersionLegalHold(try context.pathParameter("file_version_legal_hold_id"), principal: principal)
            return Responses.json(FileVersionLegalHoldRepresentation.render(hold))
        }
    }
}
