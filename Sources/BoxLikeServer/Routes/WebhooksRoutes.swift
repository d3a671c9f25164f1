import BoxLikeJSON
import Hummingbird

/// `/2.0/webhooks...`
struct WebhooksRoutes {
    let services: ServerServices

    func register(on router: BoxRouter) {
        let state = services.state
        router.get("/2.0/webhooks") { request, context in
            let principal = try context.caller(requiring: Scope.webhooks)
            var query = request.query
            query["usemarker"] = "true"
            let paging = try Paging(query: query, defaultLimit: 100, maximumLimit: 200, allowMarker: true)
            let list = await state.webhooks(for: principal)
            var rendered: [JSONValue] = []
            for webhook in list {
                rendered.append(["type": "webhook", "id": .string(webhook.id), "target": ["type": .string(webhook.target.type.rawValue), "id": .string(webhook.target.id)]])
            }
            return Responses.json(paging.page(rendered, render: { $0 }))
        }
        router.post("/2.0/webhooks") { request, context in
            let principal = try context.caller(requiring: Scope.webhooks)
            let body = try await context.json(request)
            let target = try await Self.target(body["target"], state: state, principal: principal)
            guard let target, let address = body["address"]?.stringValue, let triggers = body["triggers"]?.arrayValue else {
                throw ServerErrorResponse.badRequest("target, address and triggers are required")
            }
            let webhook = try await state.createWebhook(
                target: target, address: address, triggers: triggers.compactMap(\.stringValue), principal: principal)
            return Responses.json(await state.renderWebhook(webhook), status: .created)
        }
        router.get("/2.0/webhooks/:webhook_id") { _, context in
            let principal = try context.caller(requiring: Scope.webhooks)
            let webhook = try await state.webhook(try context.pathParameter("webhook_id"), principal: principal)
            return Responses.json(await state.renderWebhook(webhook))
        }
        router.put("/2.0/webhooks/:webhook_id") { request, context in
            let principal = try context.caller(requiring: Scope.webhooks)
            let body = try await context.json(request)
            let webhook = try await state.updateWebhook(
                try context.pathParameter("webhook_id"), target: try await Self.target(body["target"], state: state, principal: principal),
                address: body["address"]?.stringValue, triggers: body["triggers"]?.arrayValue?.compactMap(\.stringValue),
                principal: principal)
            return Responses.json(await state.renderWebhook(webhook))
        }
        router.delete("/2.0/webhooks/:webhook_id") { _, context in
            let principal = try context.caller(requiring: Scope.webhooks)
            try await state.deleteWebhook(try context.pathParameter("webhook_id"), principal: principal)
            return Responses.empty()
        }
    }

    /// The webhook's `target`, when the body has one.
    static func target(_ value: JSONValue?, state: ServerState, principal: Principal) async throws -> ItemRef? {
        guard let value else { return nil }
        return try await ItemRoute.ref(fromBody: value, member: "target", for: principal, state: state)
    }
}
