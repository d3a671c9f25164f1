import Foundation

extension ServerState {
    func createWebhook(target: ItemRef, address: String, triggers: [String], principal: Principal) throws -> WebhookRecord {
        try authorize(principal, target)
        guard let url = URL(string: address), url.scheme == "https" || url.scheme == "http" else {
            throw ServerErrorResponse.badRequest("address must be an http(s) URL", code: "bad_request")
        }
        if webhooks.values.contains(where: { $0.target == target && $0.address == address && $0.createdBy == principal.userId }) {
            throw ServerErrorResponse(.conflict, code: "conflict", message: "Webhook already exists for this target and address")
        }
        let webhook = WebhookRecord(id: newId(), target: target, address: address, triggers: triggers, createdBy: principal.userId, createdAt: Date())
        webhooks[webhook.id] = webhook
        recordEvent("WEBHOOK_CREATE", by: principal.userId, source: target)
        return webhook
    }

    func webhook(_ id: String, principal: Principal) throws -> WebhookRecord {
        guard let webhook = webhooks[id], webhook.createdBy == principal.userId else { throw ServerErrorResponse.notFound("webhook") }
        return webhook
    }

    func webhooks(for principal: Principal) -> [WebhookRecord] {
        webhooks.values.filter { $0.createdBy == principal.userId }.sorted { $0.id < $1.id }
    }

    func updateWebhook(_ id: String, target: ItemRef?, address: String?, triggers: [String]?, principal: Principal) throws -> WebhookRecord {
        var webhook = try webhook(id, principal: principal)
        if let target {
            try authorize(principal, target)
            webhook.target = target
        }
        if let address { webhook.address = address }
        if let triggers { webhook.triggers = triggers }
        webhooks[id] = webhook
        return webhook
    }

    func deleteWebhook(_ id: String, principal: Principal) throws {
        let webhook = try webhook(id, principal: principal)
        webhooks[id] = nil
        recordEvent("WEBHOOK_DELETE", by: principal.userId, source: exists(webhook.target) ? webhook.target : nil)
    }

    func events(for userId: String, after position: Int, limit: Int) -> (entries: [EventRecord], next: Int) {
        let matching = events.filter { $0.position > position && $0.visibleTo.contains(userId) }.prefix(limit)
        let next = matching.last?.position ?? max(position, 0)
        return (Array(matching), next)
    }
}
