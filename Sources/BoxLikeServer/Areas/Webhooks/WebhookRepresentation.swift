import BoxLikeJSON

/// A webhook with what its JSON needs from the rest of the state.
struct WebhookView: Sendable {
    var webhook: WebhookRecord
    var createdBy: JSONValue
}

/// Box's `webhook` JSON, built outside the state actor.
enum WebhookRepresentation {
    /// The short form a list of webhooks carries.
    static func mini(_ webhook: WebhookRecord) -> JSONValue {
        ["type": "webhook", "id": .string(webhook.id), "target": target(webhook)]
    }

    static func render(_ view: WebhookView) -> JSONValue {
        let webhook = view.webhook
        return [
            "type": "webhook", "id": .string(webhook.id), "target": target(webhook),
            "created_by": view.createdBy, "created_at": Timestamp.json(webhook.createdAt),
            "address": .string(webhook.address), "triggers": .array(webhook.triggers.map(JSONValue.string)),
        ]
    }

    private static func target(_ webhook: WebhookRecord) -> JSONValue {
        ["type": .string(webhook.target.type.rawValue), "id": .string(webhook.target.id)]
    }
}
