import Foundation

extension WebhooksState {
    mutating func createWebhook(core: isolated ServerState, target: ItemRef, address: String, triggers: [String], principal: Principal) throws -> WebhookView {
        try core.authorize(principal, target)
        try Self.validateWebhookAddress(address)
        if self.webhooks.values.contains(where: { $0.target == target && $0.address == address && $0.createdBy == principal.userId }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "Webhook already exists for this target and address")
        }
        guard let app = core.configuration.app(clientId: principal.clientId) else {
            throw ServerErrorResponse.forbidden("The token's app is not registered with the server.")
        }
        let webhook = WebhookRecord(
            id: core.newId(), target: target, address: address, triggers: triggers, createdBy: principal.userId, createdAt: core.currentTime,
            clientId: app.id)
        self.webhooks[webhook.id] = webhook
        core.recordEvent("WEBHOOK_CREATE", by: principal.userId, source: target)
        return view(core: core, of: webhook)
    }

    /// Refuses an `address` notifications could not be delivered to over HTTP: the one check
    /// behind both creating and updating a webhook.
    static func validateWebhookAddress(_ address: String) throws {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = url.host, !host.isEmpty else {
            throw ServerErrorResponse.badRequest("address must be an http(s) URL", code: "bad_request")
        }
    }

    mutating func webhook(core: isolated ServerState, _ id: String, principal: Principal) throws -> WebhookView {
        view(core: core, of: try ownedWebhook(core: core, id, principal: principal))
    }

    private mutating func ownedWebhook(core: isolated ServerState, _ id: String, principal: Principal) throws -> WebhookRecord {
        guard let webhook = self.webhooks[id], webhook.createdBy == principal.userId else { throw ServerErrorResponse.notFound("webhook") }
        return webhook
    }

    private mutating func view(core: isolated ServerState, of webhook: WebhookRecord) -> WebhookView {
        WebhookView(webhook: webhook, createdBy: core.userMini(webhook.createdBy))
    }

    mutating func webhooks(core: isolated ServerState, for principal: Principal) -> [WebhookRecord] {
        self.webhooks.values.filter { $0.createdBy == principal.userId }.sorted { $0.id < $1.id }
    }

    mutating func updateWebhook(core: isolated ServerState, _ id: String, target: ItemRef?, address: String?, triggers: [String]?, principal: Principal) throws -> WebhookView {
        var webhook = try ownedWebhook(core: core, id, principal: principal)
        if let target {
            try core.authorize(principal, target)
            webhook.target = target
        }
        if let address {
            try Self.validateWebhookAddress(address)
            webhook.address = address
        }
        if let triggers { webhook.triggers = triggers }
        self.webhooks[id] = webhook
        return view(core: core, of: webhook)
    }

    mutating func deleteWebhook(core: isolated ServerState, _ id: String, principal: Principal) throws {
        let webhook = try ownedWebhook(core: core, id, principal: principal)
        self.webhooks[id] = nil
        let event = core.recordEvent("WEBHOOK_DELETE", by: principal.userId, source: core.exists(webhook.target) ? webhook.target : nil)
        // The last notification of a webhook is its own deletion, when it asked for it.
        if webhook.triggers.contains("WEBHOOK.DELETED") { core.deliver("WEBHOOK.DELETED", of: event, about: webhook.target, to: webhook) }
    }
}
