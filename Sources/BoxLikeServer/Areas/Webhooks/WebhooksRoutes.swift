import BoxLikeJSON
import Hummingbird

/// `/2.0/webhooks...`
struct WebhooksRoutes: ServerArea {
    let services: ServerServices

    static func register(on routes: ServerRoutes) {
        WebhooksRoutes(services: routes.services).register(on: routes)
    }

    func register(on routes: ServerRoutes) {
        let state = services.state
        routes.api.get("webhooks", scope: Scope.webhooks) { request, context, principal in
            let query = request.query
            let paging = try Paging(query: query, defaultLimit: 100, maximumLimit: 200, forceMarker: true)
            let list = await state.webhooks(for: principal)
            var rendered: [JSONValue] = []
            for webhook in list {
                rendered.append(["type": "webhook", "id": .string(webhook.id), "target": ["type": .string(webhook.target.type.rawValue), "id": .string(webhook.target.id)]])
            }
            return Responses.json(paging.page(rendered, render: { $0 }))
        }
        routes.api.post("webhooks", scope: Scope.webhooks) { request, context, principal in
            let body = try await context.json(request)
            let target = try await Self.target(body["target"], state: state, principal: principal)
            guard let target, let address = body["address"]?.stringValue, let triggers = body["triggers"]?.arrayValue else {
                throw ServerErrorResponse.badRequest("target, address and triggers are required")
            }
            let webhook = try await state.createWebhook(
                target: target, address: address, triggers: triggers.compactMap(\.stringValue), principal: principal)
            return Responses.json(await state.renderWebhook(webhook), status: .created)
        }
        routes.api.resource(
            "webhooks", id: "webhook_id",
            get: .init(scope: Scope.webhooks) { _, _, principal, id in
                let webhook = try await state.webhook(id, principal: principal)
                return Responses.json(await state.renderWebhook(webhook))
            },
            put: .init(scope: Scope.webhooks) { request, context, principal, id in
                let body = try await context.json(request)
                let webhook = try await state.updateWebhook(
                    id, target: try await Self.target(body["target"], state: state, principal: principal),
                    address: body["address"]?.stringValue, triggers: body["triggers"]?.arrayValue?.compactMap(\.stringValue),
                    principal: principal)
                return Responses.json(await state.renderWebhook(webhook))
            },
            delete: .init(scope: Scope.webhooks) { _, _, principal, id in
                try await state.deleteWebhook(id, principal: principal)
                return Responses.empty()
            }
        )
    }

    /// The webhook's `target`, when the body has one.
    static func target(_ value: JSONValue?, state: ServerState, principal: Principal) async throws -> ItemRef? {
        guard let value else { return nil }
        return try await ItemRoute.ref(fromBody: value, member: "target", for: principal, state: state)
    }
}
