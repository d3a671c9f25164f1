import BoxLikeSDK
import Foundation

extension BoxClient {
    /// Where the enterprise's admin logs stand now, to read only what happens afterwards.
    func adminLogPosition() async throws -> String {
        try await self.events.getEvents(queryParams: GetEventsQueryParams(streamType: .adminLogs, streamPosition: "now")).nextStreamPosition?.streamPosition ?? ""
    }

    /// The admin-log events of `types` recorded since `position`, oldest first.
    func adminLogEvents(since position: String, types: [GetEventsQueryParamsEventTypeField]) async throws -> [Event] {
        try await self.events.getEvents(queryParams: GetEventsQueryParams(
            streamType: .adminLogs, streamPosition: position, eventType: types)).entries ?? []
    }
}

extension Event {
    /// A member of the event's source as the admin logs render it (`item_id` and `item_name`
    /// for an item, `id` and `login` for a user).
    func sourceMember(_ key: String) throws -> String? {
        guard let source else { return nil }
        return try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(source))[key]?.stringValue
    }
}
