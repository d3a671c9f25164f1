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
        let policies = try await state.retentionPolicies(
            name: query["policy_name"], type: query["policy_type"], createdBy: query["created_by_user_id"], principal: input.principal)
        let fields = FieldSelection(query: query)
        return Responses.json(try Paging(query: query, allowMarker: true).markerPage(policies) {
            RetentionPolicyRepresentation.render($0, fields: fields)
        })
    }

    func createRetentionPolicy(_ input: OperationInput) async throws -> Response {
        let policy = try await state.createRetentionPolicy(try await input.json(), principal: input.principal)
        return Responses.json(RetentionPolicyRepresentation.render(policy), status: .created)
    }

    func getRetentionPolicyById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("retention_policy_id")
        let policy = try await state.retentionPolicy(id, principal: input.principal)
        return Responses.json(RetentionPolicyRepresentation.render(policy, fields: FieldSelection(query: input.query)))
    }

    func updateRetentionPolicyById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("retention_policy_id")
        let policy = try await state.updateRetentionPolicy(id, body: try await input.json(), principal: input.principal)
        return Responses.json(RetentionPolicyRepresentation.render(policy))
    }

    func deleteRetentionPolicyById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("retention_policy_id")
        try await state.deleteRetentionPolicy(id, principal: input.principal)
        return Responses.empty()
    }
}
