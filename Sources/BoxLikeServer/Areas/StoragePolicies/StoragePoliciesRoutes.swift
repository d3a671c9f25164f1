import BoxLikeJSON
import Hummingbird

/// `/2.0/storage_policies...` and `/2.0/storage_policy_assignments...`: two managers of one
/// concept sharing one state.
struct StoragePoliciesRoutes: ServerArea {
    typealias Render = StoragePolicyRepresentation

    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getStoragePolicies) { request, _, principal in
            let policies = try await state.storagePolicies(principal: principal)
            let fields = FieldSelection(query: request.query)
            let entries = policies.map { Render.policy($0, fields: fields) }
            return Responses.json(try MarkerPage.of(entries, query: request.query))
        }
        routes.api.resource(
            get: .init(.getStoragePolicyById) { _, _, principal, id in
                Responses.json(Render.policy(try await state.storagePolicy(id, principal: principal)))
            })
        routes.api.serve(.getStoragePolicyAssignments) { request, _, principal in
            let type = try request.requiredQuery("resolved_for_type")
            let id = try request.requiredQuery("resolved_for_id")
            let assignments = try await state.storagePolicyAssignments(resolvedForType: type, id: id, principal: principal)
            return Responses.json(try MarkerPage.of(assignments.map(Render.assignment), query: request.query))
        }
        routes.api.serve(.createStoragePolicyAssignment) { request, context, principal in
            let body = try await context.json(request)
            let policyId = try Self.policyId(in: body)
            let type = try body.required("assigned_to.type", as: String.self)
            let id = try body.required("assigned_to.id", as: String.self)
            let assignment = try await state.assignStoragePolicy(policyId, toType: type, id: id, principal: principal)
            return Responses.json(Render.assignment(assignment))
        }
        routes.api.resource(
            get: .init(.getStoragePolicyAssignmentById) { _, _, principal, id in
                Responses.json(Render.assignment(try await state.storagePolicyAssignment(id, principal: principal)))
            },
            put: .init(.updateStoragePolicyAssignmentById) { request, context, principal, id in
                let body = try await context.json(request)
                let policyId = try Self.policyId(in: body)
                return Responses.json(Render.assignment(try await state.updateStoragePolicyAssignment(id, policyId: policyId, principal: principal)))
            },
            delete: .init(.deleteStoragePolicyAssignmentById) { _, _, principal, id in
                try await state.deleteStoragePolicyAssignment(id, principal: principal)
                return Responses.empty()
            })
    }

    /// The `storage_policy.id` of a body: the spec leaves it optional, so this stays a rule of
    /// the handler.
    private static func policyId(in body: JSONValue) throws -> String {
        guard let id = body["storage_policy"]?["id"].flatMap({ String(validated: $0) }) else {
            throw ServerErrorResponse.badRequest("storage_policy.id is required")
        }
        return id
    }
}
