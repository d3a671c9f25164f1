import BoxLikeJSON
import Hummingbird

extension Scope {
    /// Box's scope for the retention endpoints.
    static let retention: Set<String> = ["manage_data_retention"]
}

/// `/2.0/retention_policies...`: enterprise admins' retention policies.
struct RetentionPoliciesRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getRetentionPolicies) { request, _, principal in
            let query = request.query
            let policies = try await state.retentionPolicies(
                name: query["policy_name"], type: query["policy_type"], createdBy: query["created_by_user_id"], principal: principal)
            let fields = FieldSelection(query: query)
            return Responses.json(try Paging(query: query, allowMarker: true).markerPage(policies) {
                RetentionPolicyRepresentation.render($0, fields: fields)
            })
        }
        routes.api.serve(.createRetentionPolicy) { request, context, principal in
            let policy = try await state.createRetentionPolicy(try await context.json(request), principal: principal)
            return Responses.json(RetentionPolicyRepresentation.render(policy), status: .created)
        }
        routes.api.resource(
            get: .init(.getRetentionPolicyById) { request, _, principal, id in
                let policy = try await state.retentionPolicy(id, principal: principal)
                return Responses.json(RetentionPolicyRepresentation.render(policy, fields: FieldSelection(query: request.query)))
            },
            put: .init(.updateRetentionPolicyById) { request, context, principal, id in
                let policy = try await state.updateRetentionPolicy(id, body: try await context.json(request), principal: principal)
                return Responses.json(RetentionPolicyRepresentation.render(policy))
            },
            delete: .init(.deleteRetentionPolicyById) { _, _, principal, id in
                try await state.deleteRetentionPolicy(id, principal: principal)
                return Responses.empty()
            }
        )
    }
}
