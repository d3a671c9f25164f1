import Foundation

/// Reading the event log: a user's stream and the enterprise's admin logs.
extension ServerState {
    /// Up to `limit` events after `position` that `userId` may see (every event when `userId`
    /// is `nil`, for the admin logs), optionally only those of `types`, and the position to
    /// continue from.
    func events(for userId: String?, after position: Int, limit: Int, types: Set<String>? = nil) -> (entries: [EventRecord], next: Int) {
        scanEvents(after: position, limit: limit) { event in
            (userId.map { event.visibleTo.contains($0) } ?? true) && (types.map { $0.contains(event.eventType) } ?? true)
        }
    }

    /// Up to `limit` events after `position` that `matches` keeps, and the position to
    /// continue from. Events it passes over are skipped for good, so a position never goes back.
    func scanEvents(after position: Int, limit: Int, where matches: (EventRecord) -> Bool) -> (entries: [EventRecord], next: Int) {
        var matching: [EventRecord] = []
        var index = firstEventIndex(after: position)
        while index < events.count, matching.count < limit {
            if matches(events[index]) { matching.append(events[index]) }
            index += 1
        }
        let scanned = index > 0 && index <= events.count ? events[index - 1].position : position
        let next = matching.count == limit ? (matching.last?.position ?? position) : max(scanned, position, 0)
        return (matching, next)
    }

    /// The index of the first event whose position is after `position` (events are kept in
    /// position order).
    func firstEventIndex(after position: Int) -> Int {
        var low = 0
        var high = events.count
        while low < high {
            let middle = (low + high) / 2
            if events[middle].position <= position { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
