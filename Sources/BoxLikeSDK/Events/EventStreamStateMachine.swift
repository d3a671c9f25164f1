import BoxLikeRuntime
import Foundation
import Synchronization

/// Every decision an ``EventStream`` makes, without any I/O: where to read from, what to
/// yield with which checkpoint, which duplicates to drop, when to use or replace a realtime
/// server, and how long to wait after failures.
///
/// ``EventStreamReader`` asks for the ``Action`` to carry out, carries it out (a `GET /events`,
/// an `OPTIONS /events`, a long-poll, a wait) and reports what happened with the `did...`
/// methods. Keeping the rules apart from the network lets them be tested one step at a time
/// with scripted answers and made-up instants, like ``AttemptStateMachine``.
///
/// Every number a realtime server sends (`ttl`, `max_retries`, `retry_timeout`) is clamped
/// here before it becomes a duration or a count, so no answer can make the stream trap.
struct EventStreamStateMachine {
    /// What the reader does next.
    enum Action {
        /// Hand this event to the caller.
        case yield(StreamedEvent)
        /// Ask `GET /events?stream_position=now` where the stream is now.
        case resolveNow
        /// Read a chunk with `GET /events` from this position.
        case read(from: String)
        /// Ask `OPTIONS /events` for a realtime server.
        case openRealtimeServer
        /// Long-poll the realtime server from `position`; a poll unanswered after `timeout`
        /// is a failure.
        case poll(url: URL, from: String, timeout: Duration)
        /// The stream is caught up and has no realtime server (admin logs): wait, then read again.
        case waitForNextRead(Duration)
    }

    /// What to do after a failure.
    enum Recovery {
        /// Wait this long, then go on (with a new realtime server).
        case backoff(Duration)
        /// Stop the stream with this error.
        case stop(any Error)
    }

    /// How the stream gets news: from a realtime server, or by reading at an interval.
    enum Waiting: Equatable {
        case longPoll
        case interval(Duration)
    }

    /// The realtime server in use and how much of it is used up.
    struct RealtimeLease: Equatable {
        let url: URL
        /// When it must no longer be polled.
        let retiresAt: ContinuousClock.Instant
        let pollTimeout: Duration
        let maxRetries: Int?
        var pollsLeft: Int
        var polled = false

        /// Whether it may be polled at `now`: within its polls, and within its `ttl` once it
        /// has been polled (a server is polled at least once, so a `ttl` of 0 cannot make the
        /// stream ask for servers in a loop).
        func isUsable(at now: ContinuousClock.Instant) -> Bool {
            pollsLeft > 0 && (!polled || now < retiresAt)
        }
    }

    /// The most a server's `ttl` is believed: a day.
    static let maximumTTL: Duration = .seconds(86_400)
    /// The `ttl` assumed when a server gives none or one that is not a number: Box's ten minutes.
    static let defaultTTL: Duration = .seconds(600)
    /// The bounds of a server's `retry_timeout`.
    static let pollTimeoutRange: ClosedRange<Duration> = .seconds(1) ... .seconds(3_600)
    /// The most polls (and failures in a row) a server's `max_retries` may allow.
    static let maximumMaxRetries = 1_000
    /// The longest any wait may be, whatever the configuration says (`Task.sleep` traps on
    /// durations that overflow its nanoseconds).
    static let longestWait: Duration = .seconds(365 * 86_400)

    let waiting: Waiting
    let configuration: EventStream.Configuration
    private let jitter: (ClosedRange<Double>) -> Double

    /// Where the next `GET /events` reads from; `nil` until `now` is resolved.
    private(set) var position: String?
    /// The position the events in ``pending`` were read from, and the ids of those of them
    /// handled (yielded or dropped as duplicates).
    private var chunkStart: String?
    private var chunkHandled = GrowingIds()
    private var pending: ArraySlice<Event> = []
    /// Whether the stream may have events not read yet.
    private var needsRead = true
    private var recent: RecentEventIds
    private(set) var realtime: RealtimeLease?
    /// The `max_retries` of the last realtime server, which bounds failures in a row even
    /// while no server is open.
    private var serverMaxRetries: Int?
    /// Failures since the stream last made progress.
    private(set) var failures = 0

    /// Decisions for a stream starting at `start`.
    ///
    /// - Parameter jitter: A number from the range, to spread backoff waits; random by default.
    init(waiting: Waiting, start: EventStream.StartPosition, configuration: EventStream.Configuration,
         jitter: @escaping (ClosedRange<Double>) -> Double = { Double.random(in: $0) }) {
        self.waiting = waiting
        self.configuration = configuration
        self.jitter = jitter
        self.recent = RecentEventIds(capacity: configuration.deduplicationWindow)
        switch start {
        case .now:
            position = nil
        case .position(let value):
            position = value
        case .checkpoint(let checkpoint):
            position = checkpoint.streamPosition
            chunkStart = checkpoint.streamPosition
            for id in checkpoint.handledEventIds { chunkHandled.append(id) }
            for id in checkpoint.recentEventIds { recent.insert(id) }
            for id in checkpoint.handledEventIds { recent.insert(id) }
        }
    }

    // MARK: - The next step

    /// What to do now.
    mutating func nextAction(now: ContinuousClock.Instant) -> Action {
        if let streamed = takePending() { return .yield(streamed) }
        guard let current = position else { return .resolveNow }
        if needsRead { return .read(from: current) }
        switch waiting {
        case .interval(let interval):
            return .waitForNextRead(Self.sleepable(interval))
        case .longPoll:
            guard var lease = realtime, lease.isUsable(at: now) else {
                realtime = nil
                return .openRealtimeServer
            }
            lease.pollsLeft -= 1
            lease.polled = true
            realtime = lease
            return .poll(url: lease.url, from: current, timeout: lease.pollTimeout)
        }
    }

    /// The next buffered event not seen before, with its checkpoint.
    private mutating func takePending() -> StreamedEvent? {
        while let event = pending.popFirst() {
            let isNew = recent.insert(event.eventId)
            // A duplicate is handled too: a process resumed mid-chunk must drop it again.
            chunkHandled.append(event.eventId)
            guard isNew else { continue }
            return StreamedEvent(event: event, resumePoint: resumePoint())
        }
        return nil
    }

    /// Where a process resumes after the event just taken: O(1), sharing the ids with the
    /// machine; the checkpoint's arrays are made only when it is read.
    private func resumePoint() -> ResumePoint {
        if pending.isEmpty, let position {
            // The chunk is done: the next position says where to go on.
            return ResumePoint(streamPosition: position, handled: nil, recent: recent.snapshot)
        }
        return ResumePoint(streamPosition: chunkStart ?? position ?? "0", handled: chunkHandled.snapshot,
                           recent: recent.snapshot)
    }

    // MARK: - Outcomes

    /// `GET /events?stream_position=now` answered this position.
    mutating func didResolve(position: String) {
        self.position = position
    }

    /// `GET /events` from the current position answered `events` and `nextPosition`.
    mutating func didRead(_ events: [Event], nextPosition: String) {
        if position != chunkStart { chunkHandled = GrowingIds() }
        chunkStart = position
        position = nextPosition
        if events.isEmpty {
            needsRead = false
        } else {
            pending = events[...]
        }
    }

    /// `OPTIONS /events`, asked at `askedAt`, named `server` (the first entry, if any).
    ///
    /// The `ttl` runs from when the server made the URL, which is after `askedAt`: counting
    /// from there retires the URL a little early rather than polling it once expired. A fifth
    /// of the `ttl` (at most a minute) is kept back as well, so a poll sent just before the
    /// end does not reach the server after it.
    ///
    /// - Throws: ``EventStreamFailure/noRealtimeServer`` when there is no usable server.
    mutating func didOpen(_ server: RealtimeServer?, askedAt: ContinuousClock.Instant) throws {
        guard let server, let address = server.url, let url = URL(string: address), url.scheme != nil else {
            throw EventStreamFailure.noRealtimeServer
        }
        let maxRetries = Self.maxRetries(server.maxRetries)
        let ttl = Self.ttl(server.ttl)
        let usable = ttl - Swift.min(ttl / 5, .seconds(60))
        let timeout = Self.pollTimeout(server.retryTimeout) ?? Self.sleepable(configuration.defaultPollTimeout)
        serverMaxRetries = maxRetries ?? serverMaxRetries
        realtime = RealtimeLease(url: url, retiresAt: askedAt + usable, pollTimeout: timeout, maxRetries: maxRetries,
                                 pollsLeft: Swift.max(maxRetries ?? 10, 1))
    }

    /// The realtime server answered `message`.
    ///
    /// - Throws: ``EventStreamFailure/unexpectedMessage`` for a message it does not know.
    mutating func didPoll(message: String) throws {
        switch message {
        case "new_change", "reconnect":
            // A `reconnect` means nothing new within the server's wait; a read costs little
            // and closes any gap a lost notification could leave.
            failures = 0
            needsRead = true
        default:
            throw EventStreamFailure.unexpectedMessage
        }
    }

    /// The interval wait of ``Action/waitForNextRead(_:)`` is over.
    mutating func didWaitForNextRead() {
        // Caught up: the reads worked, whatever failed before.
        failures = 0
        needsRead = true
    }

    /// A step failed with `error`: wait and go on, or stop.
    mutating func didFail(_ error: any Error) -> Recovery {
        if error is CancellationError { return .stop(error) }
        if let apiError = error as? APIError, Self.isPermanent(apiError) { return .stop(error) }
        failures += 1
        // A new realtime server after any failure: the old one may be the broken part.
        realtime = nil
        needsRead = true
        let limit = configuration.maxConsecutiveFailures ?? serverMaxRetries ?? 10
        if failures > Swift.max(limit, 0) {
            return .stop(EventStreamError(consecutiveFailures: failures,
                                          lastError: (error as? RealtimeFailure)?.underlying ?? error))
        }
        return .backoff(backoff(afterFailure: failures))
    }

    // MARK: - Numbers

    /// Exponential backoff with jitter between half and all of the computed delay.
    private func backoff(afterFailure count: Int) -> Duration {
        let initial = Self.seconds(configuration.initialBackoff)
        let maximum = Self.seconds(configuration.maximumBackoff)
        let computed = Swift.min(initial * pow(2, Double(Swift.min(count - 1, 30))), maximum)
        return Self.duration(seconds: computed * jitter(0.5...1), within: .zero ... Self.longestWait)
    }

    /// A client error other than throttling or a timeout: retrying gives the same answer.
    static func isPermanent(_ error: APIError) -> Bool {
        (400..<500).contains(error.status) && error.status != 408 && error.status != 429
    }

    /// A server's `ttl` (minutes, as a string): within 0 and ``maximumTTL``; ten minutes
    /// when it is missing or not a number.
    static func ttl(_ value: String?) -> Duration {
        guard let minutes = value.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }), !minutes.isNaN else {
            return defaultTTL
        }
        return duration(seconds: minutes * 60, within: .zero ... maximumTTL)
    }

    /// A server's `max_retries` (a count, as a string): within 1 and ``maximumMaxRetries``;
    /// `nil` when it is missing or not a whole number.
    static func maxRetries(_ value: String?) -> Int? {
        guard let text = value?.trimmingCharacters(in: .whitespaces) else { return nil }
        let unsigned = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        guard !unsigned.isEmpty, unsigned.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        // A number too long for `Int` is as good as the largest (or smallest) one.
        guard let count = Int(text) else { return text.first == "-" ? 1 : maximumMaxRetries }
        return Swift.min(Swift.max(count, 1), maximumMaxRetries)
    }

    /// A server's `retry_timeout` (seconds) within ``pollTimeoutRange``; `nil` when it gives
    /// none, or one of zero or less.
    static func pollTimeout(_ seconds: Int64?) -> Duration? {
        guard let seconds, seconds > 0 else { return nil }
        return duration(seconds: Double(seconds), within: pollTimeoutRange)
    }

    /// `duration` made short enough to sleep for.
    static func sleepable(_ duration: Duration) -> Duration {
        Swift.min(Swift.max(duration, .zero), longestWait)
    }

    /// `value` seconds as a duration within `range`, without trapping on NaN or infinities
    /// (NaN gives the lower bound).
    static func duration(seconds value: Double, within range: ClosedRange<Duration>) -> Duration {
        let low = Self.seconds(range.lowerBound), high = Self.seconds(range.upperBound)
        guard !value.isNaN, value > low else { return range.lowerBound }
        guard value < high else { return range.upperBound }
        return .seconds(value)
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// The most recent `event_id`s, up to a capacity, oldest forgotten first.
///
/// They are kept in segments of `capacity` ids that are only ever appended to, so a
/// ``snapshot`` of the window is O(1) and stays right while more ids arrive: the window is
/// the end of the last full segment and the start of the current one.
struct RecentEventIds {
    /// The window at one moment: read (in O(capacity)) only when asked.
    struct Snapshot: Sendable {
        fileprivate let full: AppendOnlyIds?
        fileprivate let current: AppendOnlyIds
        fileprivate let count: Int
        fileprivate let capacity: Int

        /// The ids, oldest first.
        var ids: [String] {
            (full?.ids(count..<capacity) ?? []) + current.ids(0..<count)
        }
    }

    private let capacity: Int
    private var members: Set<String> = []
    /// The last segment filled (exactly `capacity` ids), once there is one.
    private var full: AppendOnlyIds?
    private var current = AppendOnlyIds()
    private var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
    }

    /// The ids remembered, oldest first.
    var ids: [String] { snapshot.ids }

    /// The window as it is now.
    var snapshot: Snapshot { Snapshot(full: full, current: current, count: count, capacity: capacity) }

    /// Adds `id`; `false` when it was already there.
    @discardableResult
    mutating func insert(_ id: String) -> Bool {
        guard members.insert(id).inserted else { return false }
        // With a full segment the window holds `capacity` ids; its oldest is the one the
        // new id replaces.
        if let full { members.remove(full.id(at: count)) }
        current.append(id)
        count += 1
        if count == capacity {
            full = current
            current = AppendOnlyIds()
            count = 0
        }
        return true
    }
}

/// Ids that only grow (a chunk's handled ids), with O(1) snapshots of their prefix so far.
struct GrowingIds {
    private var storage = AppendOnlyIds()
    private var count = 0

    mutating func append(_ id: String) {
        storage.append(id)
        count += 1
    }

    /// The ids so far, read only when asked.
    var snapshot: AppendOnlyIds.Prefix { AppendOnlyIds.Prefix(storage: storage, count: count) }
}

/// Ids appended in order and never changed, shared by the machine that appends and the
/// snapshots read from other tasks.
final class AppendOnlyIds: Sendable {
    /// The first `count` ids of a storage, which later appends leave as they are.
    struct Prefix: Sendable {
        let storage: AppendOnlyIds
        let count: Int

        var ids: [String] { storage.ids(0..<count) }
    }

    private let storage = Mutex<[String]>([])

    func append(_ id: String) {
        storage.withLock { $0.append(id) }
    }

    func id(at index: Int) -> String {
        storage.withLock { $0[index] }
    }

    func ids(_ range: Range<Int>) -> [String] {
        storage.withLock { Array($0[range]) }
    }
}

/// Where a process resumes after one event, kept as shared snapshots until the
/// ``EventStreamCheckpoint`` is asked for.
struct ResumePoint: Sendable {
    let streamPosition: String
    /// The chunk's handled ids, `nil` once the chunk is done.
    let handled: AppendOnlyIds.Prefix?
    let recent: RecentEventIds.Snapshot

    var checkpoint: EventStreamCheckpoint {
        EventStreamCheckpoint(streamPosition: streamPosition, handledEventIds: handled?.ids ?? [], recentEventIds: recent.ids)
    }
}
