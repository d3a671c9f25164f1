import BoxLikeJSON
import Hummingbird

/// `/2.0/legal_hold_policy_assignments...`: legal hold policies applied to content and
/// custodians, and what each one holds.
struct LegalHoldPolicyAssignmentsRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getLegalHoldPolicyAssignments) { request, _, principal in
            let query = request.query
            let assignments = try await state.legalHoldAssignments(
                policyId: try request.requiredQuery("policy_id"), targetType: query["assign_to_type"], targetId: query["assign_to_id"], principal: principal)
            let fields = FieldSelection(query: query)
            return Responses.json(try Paging(query: query, allowMarker: true).markerPage(assignments) {
                LegalHoldPolicyAssignmentRepresentation.render($0, fields: fields)
            })
        }
        routes.api.serve(.createLegalHoldPolicyAssignment) { request, context, principal in
            let assignment = try await state.assignLegalHoldPolicy(try await context.json(request), principal: principal)
            return Responses.json(LegalHoldPolicyAssignmentRepresentation.render(assignment), status: .created)
        }
        routes.api.resource(
            get: .init(.getLegalHoldPolicyAssignmentById) { request, _, principal, id in
                let assignment = try await state.legalHoldAssignment(id, principal: principal)
                return Responses.json(LegalHoldPolicyAssignmentRepresentation.render(assignment, fields: FieldSelection(query: request.query)))
            },
            delete: .init(.deleteLegalHoldPolicyAssignmentById) { _, _, principal, id in
                try await state.deleteLegalHoldAssignment(id, principal: principal)
                return Responses.empty(.accepted)
            }
        )
        routes.api.serve(.getLegalHoldPolicyAssignmentFileOnHold) { request, context, principal in
            let held = try await state.versionsHeld(
                byAssignment: try context.pathParameter("legal_hold_policy_assignment_id"), principal: principal)
            var seen = Set<String>()
            let files = held.filter { seen.insert($0.file.id).inserted }.map(\.file)
            return Responses.json(try Paging(query: request.query, allowMarker: true).markerPage(files, render: LegalHoldPolicyAssignmentRepresentation.fileMini))
        }
        routes.api.serve(.getLegalHoldPolicyAssignmentFileVersionOnHold) { request, context, principal in
            let held = try await state.versionsHeld(
                byAssignment: try context.pathParameter("legal_hold_policy_assignment_id"), principal: principal)
            return Responses.json(try Paging(query: request.query, allowMarker: true).markerPage(held, render: LegalHoldPolicyAssignmentRepresentation.version))
        }
    }
}
