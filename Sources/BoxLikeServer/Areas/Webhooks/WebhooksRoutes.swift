import BoxLikeJSON
import Hummingbird

/// `/2.0/webhooks...`
struct WebhooksRoutes: ServerArea, WebhooksOperations {
    let services: ServerServices

    func getWebhooks(_ input: OperationInput) async throws -> Response {
        let query = input.query
        let paging = try Paging(query: query, defaultLimit: 100, maximumLimit: 200, forceMarker: true)
        let list = await state.webhooks(for: input.principal)
        return Responses.json(paging.page(list, render: WebhookRepresentation.mini))
    }

    func createWebhook(_ input: OperationInput) async throws -> Response {
        let body = try await input.json()
        let address = try body.required("address", as: String.self)
        let triggers = try body.required("triggers", as: [JSONValue].self)
        guard let target = try await Self.target(body["target"], state: state, principal: input.principal) else {
            throw ServerErrorResponse.specMismatch("target")
        }
        let webhook = try await state.createWebhook(
            target: target, address: address, triggers: triggers.compactMap(\.stringValue), principal: input.principal)
        return Responses.json(WebhookRepresentation.render(webhook), status: .created)
    }

    func getWebhookById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("webhook_id")
        let webhook = try await state.webhook(id, principal: input.principal)
        return Responses.json(WebhookRepresentation.render(webhook))
    }

    func updateWebhookById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("webhook_id")
        let body = try await input.json()
        let webhook = try await state.updateWebhook(
            id, target: try await Self.target(body["target"], state: state, principal: input.principal),
            address: body["address"]?.stringValue, triggers: body["triggers"]?.arrayValue?.compactMap(\.stringValue),
            principal: input.principal)
        return Responses.json(WebhookRepresentation.render(webhook))
    }

    func deleteWebhookById(_ input: OperationInput) async throws -> Response {
        let id = try input.path("webhook_id")
        try await state.deleteWebhook(id, principal: input.principal)
        return Responses.empty()
    }

    /// The webhook's `target`, when the body has one.
    static func target(_ value: JSONValue?, state: ServerState, principal: Principal) async throws -> ItemRef? {
        guard let value else { return nil }
        return try await ItemRoute.ref(fromBody: value, member: "target", for: principal, state: state)
    }
}
