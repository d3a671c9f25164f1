import BoxLikeJSON
import Hummingbird

/// `/2.0/storage_policies...` and `/2.0/storage_policy_assignments...`: two managers of one
/// concept sharing one state.
struct StoragePoliciesRoutes: ServerArea, StoragePoliciesOperations, StoragePolicyAssignmentsOperations {

    let services: ServerServices
    typealias Render = StoragePolicyRepresentation

    func getStoragePolicies(_ input: OperationInput) async throws -> Response {
        let policies = try await state.withArea(StoragePoliciesState.self) { area, core in try area.storagePolicies(core: core, principal: input.principal) }
        let fields = FieldSelection(query: input.query)
        let entries = policies.map { Render.policy($0, fields: fields) }
        return Responses.json(try MarkerPage.of(entries, query: input.query))
    }

    func getStoragePolicyAssignments(_ input: OperationInput) async throws -> Response {
        let type = try input.request.requiredQuery("resolved_for_type")
        let id = try input.request.requiredQuery("resolved_for_id")
        let assignments = try await state.withArea(StoragePoliciesState.self) { area, core in try area.storagePolicyAssignments(core: core, resolvedForType: type, id: id, principal: input.principal) }
        return Responses.json(try MarkerPage.of(assignments.map(Render.assignment), query: input.query))
    }

    func createStoragePolicyAssignment(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let policyId = try Self.policyId(in: body)
        let type = try body.required("assigned_to.type", as: String.self)
        let id = try body.required("assigned_to.id", as: String.self)
        let assignment = try await state.withArea(StoragePoliciesState.self) { area, core in try area.assignStoragePolicy(core: core, policyId, toType: type, id: id, principal: input.principal) }
        return Responses.json(Render.assignment(assignment))
    }

    func getStoragePolicyById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("storage_policy_id")
        return Responses.json(Render.policy(try await state.withArea(StoragePoliciesState.self) { area, core in try area.storagePolicy(core: core, id, principal: input.principal) }))
    }

    func getStoragePolicyAssignmentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("storage_policy_assignment_id")
        return Responses.json(Render.assignment(try await state.withArea(StoragePoliciesState.self) { area, core in try area.storagePolicyAssignment(core: core, id, principal: input.principal) }))
    }

    func updateStoragePolicyAssignmentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("storage_policy_assignment_id")
        let body = try await input.json()
        let policyId = try Self.policyId(in: body)
        return Responses.json(Render.assignment(try await state.withArea(StoragePoliciesState.self) { area, core in try area.updateStoragePolicyAssignment(core: core, id, policyId: policyId, principal: input.principal) }))
    }

    func deleteStoragePolicyAssignmentById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("storage_policy_assignment_id")
        try await state.withArea(StoragePoliciesState.self) { area, core in try area.deleteStoragePolicyAssignment(core: core, id, principal: input.principal) }
        return Responses.empty()
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
