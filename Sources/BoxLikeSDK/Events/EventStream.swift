import Foundation

/// The events of a user's stream (or the enterprise's admin logs) as they happen, as an
/// `AsyncSequence` that does not end on its own.
///
/// ```swift
/// for try await streamed in client.events.stream(type: .changes, from: .now) {
///     print(streamed.event.eventType?.rawValue ?? "?", streamed.event.source as Any)
///     checkpointStore.save(streamed.checkpoint)
/// }
/// ```
///
/// The stream reads what is already there with `GET /events`, then long-polls the realtime
/// server that `OPTIONS /events` names, and reads again when it answers `new_change`. Each
/// event is yielded once: duplicates the API sends are removed by `event_id` over a bounded
/// window of recent ids. A `reconnect` answer, the end of the realtime server's `ttl` or
/// `max_retries`, a poll unanswered past its `retry_timeout`, a garbled or failed answer and
/// network errors all lead to a new poll, after failures with exponential backoff; only
/// ``EventStream/Configuration/maxConsecutiveFailures`` failures in a row (by default the
/// server's `max_retries`) end the iteration with an ``EventStreamError``. Cancelling the
/// iterating task ends it promptly and closes the poll's connection.
///
/// Admin logs (``EventsManager/adminLogStream(type:from:pollInterval:eventTypes:configuration:)``)
/// have no realtime server: the stream catches up, then reads again at a fixed interval.
public struct EventStream: AsyncSequence, Sendable {
    /// What the stream yields.
    public typealias Element = StreamedEvent

    /// Which of the user's streams to follow.
    public enum StreamType: String, Sendable, Hashable {
        /// Every event.
        case all
        /// Events that change content, as a sync client needs them.
        case changes
        /// Events on items that are marked for sync.
        case sync
    }

    /// Which admin log stream to follow.
    public enum AdminLogType: String, Sendable, Hashable {
        /// `admin_logs`: the enterprise's events, for reports.
        case adminLogs = "admin_logs"
        /// `admin_logs_streaming`: the enterprise's events in near real time.
        case adminLogsStreaming = "admin_logs_streaming"
    }

    /// Where a stream starts.
    public enum StartPosition: Sendable, Hashable {
        /// With the events that happen from now on.
        case now
        /// At a `stream_position` (`"0"` for the oldest event kept).
        case position(String)
        /// Where a previous stream left off: see ``EventStreamCheckpoint``.
        case checkpoint(EventStreamCheckpoint)
    }

    /// How the stream reads, waits and recovers.
    public struct Configuration: Sendable {
        /// The most events asked for per `GET /events` (1–500).
        public var chunkSize: Int = 500
        /// How many recent `event_id`s are remembered to remove duplicates.
        public var deduplicationWindow: Int = 4096
        /// The wait after the first failure; it doubles with each further failure in a row.
        public var initialBackoff: Duration = .milliseconds(100)
        /// The longest wait between attempts.
        public var maximumBackoff: Duration = .seconds(30)
        /// How many failures in a row end the stream; `nil` uses the realtime server's
        /// `max_retries` (10 when it gives none).
        public var maxConsecutiveFailures: Int?
        /// How long a poll may go unanswered when the realtime server gives no `retry_timeout`.
        public var defaultPollTimeout: Duration = .seconds(610)

        /// The defaults.
        public init() {}
    }

    enum Mode: Sendable {
        case longPoll(StreamType)
        case polling(AdminLogType, interval: Duration, eventTypes: [String]?)
    }

    let manager: EventsManager
    let mode: Mode
    let start: StartPosition
    let configuration: Configuration

    /// Starts reading when iterated; each iteration is a stream of its own.
    public func makeAsyncIterator() -> Iterator {
        Iterator(stream: self)
    }

    /// Reads the stream; see ``EventStream``.
    public struct Iterator: AsyncIteratorProtocol {
        private var reader: EventStreamReader

        init(stream: EventStream) {
            self.reader = EventStreamReader(stream: stream)
        }

        /// The next event not seen before; waits for one to happen.
        ///
        /// - Throws: `CancellationError` when the task is cancelled, ``EventStreamError``
        ///   after too many failures in a row, and API errors that retrying cannot fix
        ///   (a 403 for admin logs, say).
        public mutating func next() async throws -> StreamedEvent? {
            try await reader.next()
        }
    }
}

/// Why an ``EventStream`` stopped.
public struct EventStreamError: Error, Sendable, CustomStringConvertible {
    /// How many attempts failed in a row.
    public let consecutiveFailures: Int
    /// The last failure.
    public let lastError: any Error

    /// A sentence naming the problem.
    public var description: String {
        "The event stream failed \(consecutiveFailures) times in a row; last error: \(lastError)"
    }
}

extension EventsManager {
    /// The user's events as they happen: see ``EventStream``.
    ///
    /// ```swift
    /// for try await streamed in client.events.stream(type: .all, from: .now) {
    ///     print(streamed.event.eventType?.rawValue ?? "?")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: Which stream to follow.
    ///   - start: Where to start: now, a stream position, or a saved checkpoint.
    ///   - configuration: Chunk size, de-duplication window and backoff.
    public func stream(
        type: EventStream.StreamType = .all,
        from start: EventStream.StartPosition = .now,
        configuration: EventStream.Configuration = EventStream.Configuration()
    ) -> EventStream {
        EventStream(manager: self, mode: .longPoll(type), start: start, configuration: configuration)
    }

    /// The enterprise's admin logs: everything from `start`, then what is new every
    /// `pollInterval`. The token must belong to an enterprise admin.
    ///
    /// ```swift
    /// for try await streamed in client.events.adminLogStream(from: .position("0"), pollInterval: .seconds(30)) {
    ///     audit(streamed.event)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: `admin_logs_streaming` (default) or `admin_logs`.
    ///   - start: Where to start.
    ///   - pollInterval: The wait between reads once the stream is caught up.
    ///   - eventTypes: Only events of these types; all when `nil`.
    ///   - configuration: Chunk size, de-duplication window and backoff.
    public func adminLogStream(
        type: EventStream.AdminLogType = .adminLogsStreaming,
        from start: EventStream.StartPosition = .now,
        pollInterval: Duration = .seconds(60),
        eventTypes: [String]? = nil,
        configuration: EventStream.Configuration = EventStream.Configuration()
    ) -> EventStream {
        EventStream(manager: self, mode: .polling(type, interval: pollInterval, eventTypes: eventTypes),
                    start: start, configuration: configuration)
    }
}
