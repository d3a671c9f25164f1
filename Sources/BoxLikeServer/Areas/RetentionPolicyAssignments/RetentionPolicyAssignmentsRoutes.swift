import BoxLikeJSON
import Hummingbird

/// `/2.0/retention_policy_assignments...` and `/2.0/retention_policies/{id}/assignments`:
/// where retention policies apply, and the files and versions they retain.
struct RetentionPolicyAssignmentsRoutes: ServerArea, RetentionPolicyAssignmentsOperations {
    let services: ServerServices

    func getRetentionPolicyAssignments(_ input: OperationInput) async throws -> Response {
        let assignments = try await state.withComplianceArea(RetentionState.self) { area, core in try area.retentionAssignments(core: core,
            policyId: try input.path("retention_policy_id"), type: input.query["type"], principal: input.principal) }
        let fields = FieldSelection(query: input.query)
        return Responses.json(try Paging(query: input.query, allowMarker: true).markerPage(assignments) {
            RetentionPolicyAssignmentRepresentation.render($0, fields: fields)
        })
    }

    func createRetentionPolicyAssignment(_ input: OperationInput) async throws -> Response {
        let requestBody = try await input.json()
        let assignment = try await state.withComplianceArea(RetentionState.self) { area, core in try area.assignRetentionPolicy(core: core, requestBody, principal: input.principal) }
        return Responses.json(RetentionPolicyAssignmentRepresentation.render(assignment), status: .created)
    }

    func getFilesUnderRetentionPolicyAssignment(_ input: OperationInput) async throws -> Response {
        let retained = try await state.withComplianceArea(RetentionState.self) { area, core in try area.versionsRetained(core: core,
            byAssignment: try input.path("retention_policy_assignment_id"), principal: input.principal) }
        var seen = Set<String>()
        let files = retained.filter { seen.insert($0.file.id).inserted }.map(\.file)
        return Responses.json(try Paging(query: input.query, allowMarker: true).markerPage(files, render: LegalHoldPolicyAssignmentRepresentation.fileMini))
    }

    func getFileVersionsUnderRetentionPolicyAssignment(_ input: OperationInput) async throws -> Response {
        let retained = try await state.withComplianceArea(RetentionState.self) { area, core in try area.versionsRetained(core: core,
            byAssignment: try input.path("retention_policy_assignment_id"), principal: input.principal) }
        return Responses.json(try Paging(query: input.query, allowMarker: true).markerPage(retained) { held in
            // One `File--Mini` per retained version, naming that version.
            var file = LegalHoldPolicyAssignmentRepresentation.fileMini(held.file).objectValue ?? [:]
            file["file_version"] = LegalHoldPolicyAssignmentRepresentation.versionMini(held.version)
            return .object(file)
        })
    }

    func getRetentionPolicyAssignmentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("retention_policy_assignment_id")
        let assignment = try await state.withComplianceArea(RetentionState.self) { area, core in try area.retentionAssignment(core: core, id, principal: input.principal) }
        return Responses.json(RetentionPolicyAssignmentRepresentation.render(assignment, fields: FieldSelection(query: input.query)))
    }

    func deleteRetentionPolicyAssignmentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("retention_policy_assignment_id")
        try await state.withComplianceArea(RetentionState.self) { area, core in try area.deleteRetentionAssignment(core: core, id, principal: input.principal) }
        return Responses.empty()
    }
}
