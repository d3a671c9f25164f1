import BoxLikeJSON

/// A user-stream event with the minis of its creator and source.
struct EventView: Sendable {
    var event: EventRecord
    var createdBy: JSONValue
    var source: JSONValue
}

/// An admin-log event with what its source needs from the item it names (when it still exists).
struct AdminEventView: Sendable {
    var event: EventRecord
    var createdBy: JSONValue
    var itemIsRoot: Bool
    var itemName: String?
    var parent: JSONValue
    var ownedBy: JSONValue
}

/// Box's `event` JSON, for the user stream and the admin logs, built outside the state actor.
enum EventRepresentation {
    static func render(_ view: EventView) -> JSONValue {
        let event = view.event
        return [
            "type": "event", "event_id": .string(event.id), "created_by": view.createdBy,
            "created_at": Timestamp.json(event.createdAt), "recorded_at": Timestamp.json(event.createdAt),
            "event_type": .string(event.eventType), "session_id": .string(String(event.id.prefix(8))),
            "source": view.source,
            "additional_details": .null,
        ]
    }

    /// An enterprise event as the admin logs show it: its enterprise type, and a source that
    /// names the item (`item_type`, `item_id`, `item_name`, parent and owner) or the user.
    static func render(_ view: AdminEventView) -> JSONValue {
        let event = view.event
        var source: JSONValue = .null
        if let user = event.sourceUser {
            source = ["type": "user", "id": .string(user.id), "name": .string(user.name), "login": .string(user.login)]
        } else if let ref = event.source {
            source = [
                "item_type": .string(ref.type.rawValue), "item_id": .string(view.itemIsRoot ? "0" : ref.id),
                "item_name": .string(view.itemName ?? event.sourceName ?? ""),
                "parent": view.parent,
                "owned_by": view.ownedBy,
            ]
        }
        return [
            "type": "event", "event_id": .string(event.id), "created_by": view.createdBy,
            "created_at": Timestamp.json(event.createdAt), "recorded_at": Timestamp.json(event.createdAt),
            "event_type": .string(event.enterpriseType ?? event.eventType), "session_id": .null,
            "ip_address": "127.0.0.1", "source": source, "additional_details": event.additionalDetails ?? .null,
        ]
    }
}
