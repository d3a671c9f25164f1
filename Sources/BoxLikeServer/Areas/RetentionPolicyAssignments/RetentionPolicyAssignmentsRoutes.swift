import BoxLikeJSON
import Hummingbird

/// `/2.0/retention_policy_assignments...` and `/2.0/retention_policies/{id}/assignments`:
/// where retention policies apply, and the files and versions they retain.
struct RetentionPolicyAssignmentsRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getRetentionPolicyAssignments) { request, context, principal in
            let assignments = try await state.retentionAssignments(
                policyId: try context.pathParameter("retention_policy_id"), type: request.query["type"], principal: principal)
            let fields = FieldSelection(query: request.query)
            return Responses.json(try Paging(query: request.query, allowMarker: true).markerPage(assignments) {
                RetentionPolicyAssignmentRepresentation.render($0, fields: fields)
            })
        }
        routes.api.serve(.createRetentionPolicyAssignment) { request, context, principal in
            let assignment = try await state.assignRetentionPolicy(try await context.json(request), principal: principal)
            return Responses.json(RetentionPolicyAssignmentRepresentation.render(assignment), status: .created)
        }
        routes.api.resource(
            get: .init(.getRetentionPolicyAssignmentById) { request, _, principal, id in
                let assignment = try await state.retentionAssignment(id, principal: principal)
                return Responses.json(RetentionPolicyAssignmentRepresentation.render(assignment, fields: FieldSelection(query: request.query)))
            },
            delete: .init(.deleteRetentionPolicyAssignmentById) { _, _, principal, id in
                try await state.deleteRetentionAssignment(id, principal: principal)
                return Responses.empty()
            }
        )
        routes.api.serve(.getFilesUnderRetentionPolicyAssignment) { request, context, principal in
            let retained = try await state.versionsRetained(
                byAssignment: try context.pathParameter("retention_policy_assignment_id"), principal: principal)
            var seen = Set<String>()
            let files = retained.filter { seen.insert($0.file.id).inserted }.map(\.file)
            return Responses.json(try Paging(query: request.query, allowMarker: true).markerPage(files, render: LegalHoldPolicyAssignmentRepresentation.fileMini))
        }
        routes.api.serve(.getFileVersionsUnderRetentionPolicyAssignment) { request, context, principal in
            let retained = try await state.versionsRetained(
                byAssignment: try context.pathParameter("retention_policy_assignment_id"), principal: principal)
            return Responses.json(try Paging(query: request.query, allowMarker: true).markerPage(retained) { held in
                // One `File--Mini` per retained version, naming that version.
                var file = LegalHoldPolicyAssignmentRepresentation.fileMini(held.file).objectValue ?? [:]
                file["file_version"] = LegalHoldPolicyAssignmentRepresentation.versionMini(held.version)
                return .object(file)
            })
        }
    }
}
