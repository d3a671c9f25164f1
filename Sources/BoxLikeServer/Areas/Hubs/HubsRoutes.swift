import BoxLikeJSON
import Hummingbird

/// `/2.0/hubs...` and `/2.0/enterprise_hubs` (Box API 2025.0): hubs, their copies and the
/// enterprise's list of them.
struct HubsRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getHubsV2025R0, { request, _, principal in
            let query = request.query
            let hubs = try await state.hubs(
                for: principal, query: query["query"], scope: query["scope"] ?? "all", sort: query["sort"] ?? "relevance",
                direction: query["direction"])
            let paging = try Paging(query: query, allowMarker: true, forceMarker: true)
            return Responses.json(paging.page(hubs, render: HubRepresentation.hub))
        })
        routes.api.serve(.createHubV2025R0, { request, context, principal in
            let body = try await context.json(request)
            let created = try await state.createHub(
                title: body["title"]?.stringValue ?? "", description: body["description"]?.stringValue, principal: principal)
            return Responses.json(HubRepresentation.hub(created), status: .created)
        })
        routes.api.serve(.getEnterpriseHubsV2025R0, { request, _, principal in
            let query = request.query
            let hubs = try await state.enterpriseHubs(
                principal: principal, query: query["query"], sort: query["sort"] ?? "relevance", direction: query["direction"])
            let paging = try Paging(query: query, allowMarker: true, forceMarker: true)
            return Responses.json(paging.page(hubs, render: HubRepresentation.hub))
        })
        routes.api.serve(.getHubByIdV2025R0, { _, context, principal in
            Responses.json(HubRepresentation.hub(try await state.viewHub(try context.pathParameter("hub_id"), principal: principal)))
        })
        routes.api.serve(.updateHubByIdV2025R0, { request, context, principal in
            let updated = try await state.updateHub(
                try context.pathParameter("hub_id"), changes: try await context.json(request), principal: principal)
            return Responses.json(HubRepresentation.hub(updated))
        })
        routes.api.serve(.deleteHubByIdV2025R0, { _, context, principal in
            try await state.deleteHub(try context.pathParameter("hub_id"), principal: principal)
            return Responses.empty()
        })
        routes.api.serve(.copyHubV2025R0, { request, context, principal in
            let body = try await context.json(request)
            let copy = try await state.copyHub(
                try context.pathParameter("hub_id"), title: body["title"]?.stringValue, description: body["description"]?.stringValue,
                includeItems: body["include_items"]?.boolValue ?? false, principal: principal)
            return Responses.json(HubRepresentation.hub(copy), status: .created)
        })
    }
}
