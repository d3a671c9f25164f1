import BoxLikeJSON
import Hummingbird

/// `/2.0/file_version_legal_holds...`: the file versions a legal hold policy holds.
struct FileVersionLegalHoldsRoutes: ServerArea, FileVersionLegalHoldsOperations {
    let services: ServerServices

    func getFileVersionLegalHolds(_ input: OperationInput) async throws -> Response {
        let holds = try await state.withComplianceArea(LegalHoldsState.self) { area, core in try area.fileVersionLegalHolds(core: core, policyId: try input.request.requiredQuery("policy_id"), principal: input.principal) }
        return Responses.json(try Paging(query: input.query, allowMarker: true).markerPage(holds, render: FileVersionLegalHoldRepresentation.render))
    }

    func getFileVersionLegalHoldById(_ input: OperationInput) async throws -> Response {
        let hold = try await state.withComplianceArea(LegalHoldsState.self) { area, core in try area.fileVersionLegalHold(core: core, try input.path("file_version_legal_hold_id"), principal: input.principal) }
        return Responses.json(FileVersionLegalHoldRepresentation.render(hold))
    }
}
