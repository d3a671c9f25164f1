import BoxLikeJSON
import Hummingbird

extension Scope {
    /// Box's scope for the retention endpoints.
    static let retention: Set<String> = ["manage_data_retention"]
}

/// `/2.0/retention_policies...`: enterprise admins' retention policies.
struct RetentionPoliciesRoutes: ServerArea, RetentionPoliciesOperations {
    let services: ServerServices

    func getRetentionPolicies(_ input: OperationInput) async throws -> Response {
        let query = input.query
        let policies = try await state.withComplianceArea(RetentionState.self) { area, core in try area.retentionPolicies(core: core,
            name: query["policy_name"], type: query["policy_type"], createdBy: query["created_by_user_id"], principal: input.principal) }
        let fields = FieldSelection(query: query)
        return Responses.json(try Paging(query: query, allowMarker: true).markerPage(policies) {
            RetentionPolicyRepresentation.render($0, fields: fields)
        })
    }

    func createRetentionPolicy(_ input: OperationInput) async throws -> Response {
        let requestBody = try await input.json()
        let policy = try await state.withComplianceArea(RetentionState.self) { area, core in try area.createRetentionPolicy(core: core, requestBody, principal: input.principal) }
        return Responses.json(RetentionPolicyRepresentation.render(policy), status: .created)
    }

    func getRetentionPolicyById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("retention_policy_id")
        let policy = try await state.withComplianceArea(RetentionState.self) { area, core in try area.retentionPolicy(core: core, id, principal: input.principal) }
        return Responses.json(RetentionPolicyRepresentation.render(policy, fields: FieldSelection(query: input.query)))
    }

    func updateRetentionPolicyById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("retention_policy_id")
        let requestBody = try await input.json()
        let policy = try await state.withComplianceArea(RetentionState.self) { area, core in try area.updateRetentionPolicy(core: core, id, body: requestBody, principal: input.principal) }
        return Responses.json(RetentionPolicyRepresentation.render(policy))
    }

    func deleteRetentionPolicyById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("retention_policy_id")
        try await state.withComplianceArea(RetentionState.self) { area, core in try area.deleteRetentionPolicy(core: core, id, principal: input.principal) }
        return Responses.empty()
    }
}
