/// Where to resume an ``EventStream`` so that nothing is lost and nothing is delivered twice.
///
/// Save the checkpoint of each ``StreamedEvent`` once the event is handled, and pass it to
/// ``EventsManager/stream(type:from:configuration:)`` as `.checkpoint(saved)` when the
/// process starts again. It is `Codable`, so it can be stored as JSON.
///
/// ```swift
/// for try await streamed in client.events.stream(from: .checkpoint(saved)) {
///     try handle(streamed.event)
///     try store.save(JSONEncoder().encode(streamed.checkpoint))
/// }
/// ```
///
/// A stream position belongs to a whole chunk of events rather than to one event, so the
/// checkpoint holds the position the current chunk was read from together with the ids of
/// the chunk's events already handled; once a chunk is finished it holds the next position
/// alone. It also holds the ids the stream remembers to drop duplicates (up to
/// ``EventStream/Configuration/deduplicationWindow``), so that an event the server sends
/// again after the checkpoint is dropped by the resumed process as it would have been by
/// the first one. A smaller window makes smaller checkpoints.
public struct EventStreamCheckpoint: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The `stream_position` to read from.
    public var streamPosition: String
    /// The events at ``streamPosition`` that were already handled.
    public var handledEventIds: [String]
    /// The most recent event ids the stream had seen, oldest first: duplicates of these are
    /// dropped after a resume.
    public var recentEventIds: [String]

    /// Creates a checkpoint.
    public init(streamPosition: String, handledEventIds: [String] = [], recentEventIds: [String] = []) {
        self.streamPosition = streamPosition
        self.handledEventIds = handledEventIds
        self.recentEventIds = recentEventIds
    }

    enum CodingKeys: String, CodingKey {
        case streamPosition, handledEventIds, recentEventIds
    }

    /// Decodes a checkpoint, also one saved before checkpoints held recent ids.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        streamPosition = try container.decode(String.self, forKey: .streamPosition)
        handledEventIds = try container.decodeIfPresent([String].self, forKey: .handledEventIds) ?? []
        recentEventIds = try container.decodeIfPresent([String].self, forKey: .recentEventIds) ?? []
    }

    /// `position 42 (+3 handled)`.
    public var description: String {
        handledEventIds.isEmpty ? "position \(streamPosition)" : "position \(streamPosition) (+\(handledEventIds.count) handled)"
    }
}

/// An event from an ``EventStream`` and the checkpoint to save once it is handled.
public struct StreamedEvent: Sendable {
    /// The event.
    public let event: Event
    let resumePoint: ResumePoint

    init(event: Event, resumePoint: ResumePoint) {
        self.event = event
        self.resumePoint = resumePoint
    }

    /// Resuming from here delivers the events after this one, and not this one again.
    ///
    /// Made when read, from ids the stream shares with every event it yields: yielding an
    /// event costs the same whatever the ``EventStream/Configuration/deduplicationWindow``,
    /// and reading a checkpoint costs in proportion to it.
    public var checkpoint: EventStreamCheckpoint { resumePoint.checkpoint }
}
