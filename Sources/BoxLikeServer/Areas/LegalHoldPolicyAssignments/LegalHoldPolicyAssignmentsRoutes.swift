import BoxLikeJSON
import Hummingbird

/// `/2.0/legal_hold_policy_assignments...`: legal hold policies applied to content and
/// custodians, and what each one holds.
struct LegalHoldPolicyAssignmentsRoutes: ServerArea, LegalHoldPolicyAssignmentsOperations {
    let services: ServerServices

    func getLegalHoldPolicyAssignments(_ input: OperationInput) async throws -> Response {
        let query = input.query
        let assignments = try await state.withComplianceArea(LegalHoldsState.self) { area, core in try area.legalHoldAssignments(core: core,
            policyId: try input.request.requiredQuery("policy_id"), targetType: query["assign_to_type"], targetId: query["assign_to_id"], principal: input.principal) }
        let fields = FieldSelection(query: query)
        return Responses.json(try Paging(query: query, allowMarker: true).markerPage(assignments) {
            LegalHoldPolicyAssignmentRepresentation.render($0, fields: fields)
        })
    }

    func createLegalHoldPolicyAssignment(_ input: OperationInput) async throws -> Response {
        let requestBody = try await input.json()
        let assignment = try await state.withComplianceArea(LegalHoldsState.self) { area, core in try area.assignLegalHoldPolicy(core: core, requestBody, principal: input.principal) }
        return Responses.json(LegalHoldPolicyAssignmentRepresentation.render(assignment), status: .created)
    }

    func getLegalHoldPolicyAssignmentFileOnHold(_ input: OperationInput) async throws -> Response {
        let held = try await state.withComplianceArea(LegalHoldsState.self) { area, core in try area.versionsHeld(core: core,
            byAssignment: try input.path("legal_hold_policy_assignment_id"), principal: input.principal) }
        var seen = Set<String>()
        let files = held.filter { seen.insert($0.file.id).inserted }.map(\.file)
        return Responses.json(try Paging(query: input.query, allowMarker: true).markerPage(files, render: LegalHoldPolicyAssignmentRepresentation.fileMini))
    }

    func getLegalHoldPolicyAssignmentFileVersionOnHold(_ input: OperationInput) async throws -> Response {
        let held = try await state.withComplianceArea(LegalHoldsState.self) { area, core in try area.versionsHeld(core: core,
            byAssignment: try input.path("legal_hold_policy_assignment_id"), principal: input.principal) }
        return Responses.json(try Paging(query: input.query, allowMarker: true).markerPage(held, render: LegalHoldPolicyAssignmentRepresentation.version))
    }

    func getLegalHoldPolicyAssignmentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("legal_hold_policy_assignment_id")
        let assignment = try await state.withComplianceArea(LegalHoldsState.self) { area, core in try area.legalHoldAssignment(core: core, id, principal: input.principal) }
        return Responses.json(LegalHoldPolicyAssignmentRepresentation.render(assignment, fields: FieldSelection(query: input.query)))
    }

    func deleteLegalHoldPolicyAssignmentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("legal_hold_policy_assignment_id")
        try await state.withComplianceArea(LegalHoldsState.self) { area, core in try area.deleteLegalHoldAssignment(core: core, id, principal: input.principal) }
        return Responses.empty(.accepted)
    }
}
