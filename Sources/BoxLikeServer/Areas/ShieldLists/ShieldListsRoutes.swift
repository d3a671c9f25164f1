import BoxLikeJSON
import Hummingbird

/// `/2.0/shield_lists...` (Box API 2025.0): the enterprise's lists of domains, email addresses,
/// IP ranges and countries, for its admins.
struct ShieldListsRoutes: ServerArea {
    static func register(on routes: ServerRoutes) {
        let state = routes.state
        routes.api.serve(.getShieldListsV2025R0, { _, _, principal in
            let lists = try await state.shieldLists(principal: principal)
            return Responses.json(["entries": .array(lists.map(ShieldListRepresentation.mini))])
        })
        routes.api.serve(.createShieldListV2025R0, { request, context, principal in
            let body = try await context.json(request)
            let created = try await state.createShieldList(
                name: body["name"]?.stringValue ?? "", description: body["description"]?.stringValue,
                content: try ShieldListContentRules.content(from: body["content"]), principal: principal)
            return Responses.json(ShieldListRepresentation.list(created))
        })
        routes.api.serve(.getShieldListByIdV2025R0, { _, context, principal in
            Responses.json(ShieldListRepresentation.list(try await state.shieldList(try context.pathParameter("shield_list_id"), principal: principal)))
        })
        routes.api.serve(.updateShieldListByIdV2025R0, { request, context, principal in
            let body = try await context.json(request)
            let updated = try await state.updateShieldList(
                try context.pathParameter("shield_list_id"), name: body["name"]?.stringValue ?? "",
                description: body["description"]?.stringValue, content: try ShieldListContentRules.content(from: body["content"]),
                principal: principal)
            return Responses.json(ShieldListRepresentation.list(updated))
        })
        routes.api.serve(.deleteShieldListByIdV2025R0, { _, context, principal in
            try await state.deleteShieldList(try context.pathParameter("shield_list_id"), principal: principal)
            return Responses.empty()
        })
    }
}
