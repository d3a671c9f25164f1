import BoxLikeJSON
import Hummingbird

/// `/2.0/metadata_cascade_policies...`: folders whose metadata instance reaches every item inside.
struct MetadataCascadePoliciesRoutes: ServerArea, MetadataCascadePoliciesOperations {
    let services: ServerServices

    func getMetadataCascadePolicies(_ input: OperationInput) async throws -> Response {
        let policies = try await state.withArea(MetadataCascadePoliciesState.self) { area, core in try area.metadataCascadePolicies(core: core,
            onFolder: try input.request.requiredQuery("folder_id"), ownerEnterpriseId: input.query["owner_enterprise_id"], principal: input.principal) }
        return Responses.json(
            try Paging(query: input.query, allowMarker: true).page(policies, render: MetadataCascadePolicyRepresentation.render))
    }

    func createMetadataCascadePolicy(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        guard let folderId = body["folder_id"]?.stringValue, let scope = body["scope"]?.stringValue,
              let templateKey = body["templateKey"]?.stringValue
        else { throw ServerErrorResponse.badRequest("folder_id, scope and templateKey are required") }
        let policy = try await state.withArea(MetadataCascadePoliciesState.self) { area, core in try area.createMetadataCascadePolicy(core: core,
            folderId: folderId, scope: scope, templateKey: templateKey, principal: input.principal) }
        return Responses.json(MetadataCascadePolicyRepresentation.render(policy), status: .created)
    }

    func applyMetadataCascadePolicy(_ input: OperationInput) async throws -> Response {
        let resolution = try await input.json()["conflict_resolution"]?.stringValue
        guard let resolution, resolution == "none" || resolution == "overwrite" else {
            throw ServerErrorResponse.badRequest("conflict_resolution must be none or overwrite")
        }
        try await state.withArea(MetadataCascadePoliciesState.self) { area, core in try area.applyMetadataCascadePolicy(core: core,
            try input.path("metadata_cascade_policy_id"), overwrite: resolution == "overwrite", principal: input.principal) }
        return Responses.empty(.accepted)
    }

    func getMetadataCascadePolicyById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("metadata_cascade_policy_id")
        return Responses.json(MetadataCascadePolicyRepresentation.render(try await state.withArea(MetadataCascadePoliciesState.self) { area, core in try area.metadataCascadePolicy(core: core, id, principal: input.principal) }))
    }

    func deleteMetadataCascadePolicyById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("metadata_cascade_policy_id")
        try await state.withArea(MetadataCascadePoliciesState.self) { area, core in try area.deleteMetadataCascadePolicy(core: core, id, principal: input.principal) }
        return Responses.empty()
    }
}
