import BoxLikeJSON
import Foundation

/// The JSON representation of webhooks.
extension ServerState {
    func renderWebhook(_ webhook: WebhookRecord) -> JSONValue {
        [
            "type": "webhook", "id": .string(webhook.id),
            "target": ["type": .string(webhook.target.type.rawValue), "id": .string(webhook.target.id)],
            "created_by": userMini(webhook.createdBy), "created_at": Timestamp.json(webhook.createdAt),
            "address": .string(webhook.address), "triggers": .array(webhook.triggers.map(JSONValue.string)),
        ]
    }
}
