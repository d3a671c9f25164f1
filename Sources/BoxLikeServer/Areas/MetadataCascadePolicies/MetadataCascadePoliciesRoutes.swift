import BoxLikeJSON
import Hummingbird

/// `/2.0/metadata_cascade_policies...`: folders whose metadata instance reaches every item inside.
struct MetadataCascadePoliciesRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getMetadataCascadePolicies) { request, _, principal in
            let policies = try await state.metadataCascadePolicies(
                onFolder: try request.requiredQuery("folder_id"), ownerEnterpriseId: request.query["owner_enterprise_id"], principal: principal)
            return Responses.json(
                try Paging(query: request.query, allowMarker: true).page(policies, render: MetadataCascadePolicyRepresentation.render))
        }
        routes.api.serve(.createMetadataCascadePolicy) { request, context, principal in
            let body = try await context.json(request)
            guard let folderId = body["folder_id"]?.stringValue, let scope = body["scope"]?.stringValue,
                  let templateKey = body["templateKey"]?.stringValue
            else { throw ServerErrorResponse.badRequest("folder_id, scope and templateKey are required") }
            let policy = try await state.createMetadataCascadePolicy(
                folderId: folderId, scope: scope, templateKey: templateKey, principal: principal)
            return Responses.json(MetadataCascadePolicyRepresentation.render(policy), status: .created)
        }
        routes.api.resource(
            get: .init(.getMetadataCascadePolicyById) { _, _, principal, id in
                Responses.json(MetadataCascadePolicyRepresentation.render(try await state.metadataCascadePolicy(id, principal: principal)))
            },
            delete: .init(.deleteMetadataCascadePolicyById) { _, _, principal, id in
                try await state.deleteMetadataCascadePolicy(id, principal: principal)
                return Responses.empty()
            }
        )
        routes.api.serve(.applyMetadataCascadePolicy) { request, context, principal in
            let resolution = try await context.json(request)["conflict_resolution"]?.stringValue
            guard let resolution, resolution == "none" || resolution == "overwrite" else {
                throw ServerErrorResponse.badRequest("conflict_resolution must be none or overwrite")
            }
            try await state.applyMetadataCascadePolicy(
                try context.pathParameter("metadata_cascade_policy_id"), overwrite: resolution == "overwrite", principal: principal)
            return Responses.empty(.accepted)
        }
    }
}
