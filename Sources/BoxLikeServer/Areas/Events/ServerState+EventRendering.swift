import BoxLikeJSON
import Foundation

/// The JSON representation of events.
extension ServerState {
    func renderEvents(_ events: [EventRecord]) -> [JSONValue] {
        events.map(renderEvent)
    }

    func renderEvent(_ event: EventRecord) -> JSONValue {
        [
            "type": "event", "event_id": .string(event.id), "created_by": userMini(event.createdBy),
            "created_at": Timestamp.json(event.createdAt), "recorded_at": Timestamp.json(event.createdAt),
            "event_type": .string(event.eventType), "session_id": .string(String(event.id.prefix(8))),
            "source": event.source.map { mini($0) } ?? .null,
            "additional_details": .null,
        ]
    }
}
