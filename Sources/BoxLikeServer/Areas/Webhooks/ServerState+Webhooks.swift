import Foundation

extension ServerState {
    func createWebhook(target: ItemRef, address: String, triggers: [String], principal: Principal) throws -> WebhookView {
        try authorize(principal, target)
        try Self.validateWebhookAddress(address)
        if webhooks.values.contains(where: { $0.target == target && $0.address == address && $0.createdBy == principal.userId }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "Webhook already exists for this target and address")
        }
        guard let app = configuration.app(clientId: principal.clientId) else {
            throw ServerErrorResponse.forbidden("The token's app is not registered with the server.")
        }
        let webhook = WebhookRecord(
            id: newId(), target: target, address: address, triggers: triggers, createdBy: principal.userId, createdAt: currentTime,
            clientId: app.id)
        webhooks[webhook.id] = webhook
        recordEvent("WEBHOOK_CREATE", by: principal.userId, source: target)
        return view(of: webhook)
    }

    /// Refuses an `address` notifications could not be delivered to over HTTP: the one check
    /// behind both creating and updating a webhook.
    static func validateWebhookAddress(_ address: String) throws {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = url.host, !host.isEmpty else {
            throw ServerErrorResponse.badRequest("address must be an http(s) URL", code: "bad_request")
        }
    }

    func webhook(_ id: String, principal: Principal) throws -> WebhookView {
        view(of: try ownedWebhook(id, principal: principal))
    }

    private func ownedWebhook(_ id: String, principal: Principal) throws -> WebhookRecord {
        guard let webhook = webhooks[id], webhook.createdBy == principal.userId else { throw ServerErrorResponse.notFound("webhook") }
        return webhook
    }

    private func view(of webhook: WebhookRecord) -> WebhookView {
        WebhookView(webhook: webhook, createdBy: userMini(webhook.createdBy))
    }

    func webhooks(for principal: Principal) -> [WebhookRecord] {
        webhooks.values.filter { $0.createdBy == principal.userId }.sorted { $0.id < $1.id }
    }

    func updateWebhook(_ id: String, target: ItemRef?, address: String?, triggers: [String]?, principal: Principal) throws -> WebhookView {
        var webhook = try ownedWebhook(id, principal: principal)
        if let target {
            try authorize(principal, target)
            webhook.target = target
        }
        if let address {
            try Self.validateWebhookAddress(address)
            webhook.address = address
        }
        if let triggers { webhook.triggers = triggers }
        webhooks[id] = webhook
        return view(of: webhook)
    }

    func deleteWebhook(_ id: String, principal: Principal) throws {
        let webhook = try ownedWebhook(id, principal: principal)
        webhooks[id] = nil
        let event = recordEvent("WEBHOOK_DELETE", by: principal.userId, source: exists(webhook.target) ? webhook.target : nil)
        // The last notification of a webhook is its own deletion, when it asked for it.
        if webhook.triggers.contains("WEBHOOK.DELETED") { deliver("WEBHOOK.DELETED", of: event, about: webhook.target, to: webhook) }
    }
}
