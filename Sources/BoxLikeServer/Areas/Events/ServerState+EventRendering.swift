import BoxLikeJSON
import Foundation

/// What events' JSON needs from the state, read with the events and rendered by `EventRepresentation`.
extension ServerState {
    /// A user-stream event with the minis its JSON needs.
    func eventView(_ event: EventRecord) -> EventView {
        EventView(event: event, createdBy: userMini(event.createdBy), source: event.source.map { mini($0) } ?? .null)
    }
}
