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
        routes.api.serve(.getWebhooks) { request, context, principal in
            let query = request.query
            let paging = try Paging(query: query, defaultLimit: 100, maximumLimit: 200, forceMarker: true)
            let list = await state.webhooks(for: principal)
            return Responses.json(paging.page(list, render: WebhookRepresentation.mini))
        }
        routes.api.serve(.createWebhook) { request, context, principal in
            let body = try await context.json(request)
            let address = try body.required("address", as: String.self)
            let triggers = try body.required("triggers", as: [JSONValue].self)
            guard let target = try await Self.target(body["target"], state: state, principal: principal) else {
                throw ServerErrorResponse.specMismatch("target")
            }
            let webhook = try await state.createWebhook(
                target: target, address: address, triggers: triggers.compactMap(\.stringValue), principal: principal)
            return Responses.json(WebhookRepresentation.render(webhook), status: .created)
        }
        routes.api.resource(
            get: .init(.getWebhookById) { _, _, principal, id in
                let webhook = try await state.webhook(id, principal: principal)
                return Responses.json(WebhookRepresentation.render(webhook))
            },
            put: .init(.updateWebhookById) { request, context, principal, id in
                let body = try await context.json(request)
                let webhook = try await state.updateWebhook(
                    id, target: try await Self.target(body["target"], state: state, principal: principal),
                    address: body["address"]?.stringValue, triggers: body["triggers"]?.arrayValue?.compactMap(\.stringValue),
                    principal: principal)
                return Responses.json(WebhookRepresentation.render(webhook))
            },
            delete: .init(.deleteWebhookById) { _, _, principal, id in
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
