import BoxLikeRuntime
import Foundation

/// The state of one iteration of an ``EventStream``: where it is, what it has yielded, the
/// realtime server it polls and how many failures it has had in a row.
struct EventStreamReader {
    private let manager: EventsManager
    private let mode: EventStream.Mode
    private let configuration: EventStream.Configuration

    /// Where the next `GET /events` reads from; `nil` until `now` is resolved.
    private var position: String?
    /// The position the events in ``pending`` were read from, and those of them yielded.
    private var chunkStart: String?
    private var chunkHandled: [String] = []
    private var pending: ArraySlice<Event> = []
    /// Whether the stream may have events not read yet.
    private var needsRead = true
    private var recent: RecentEventIds
    private var realtime: RealtimeSession?
    /// The `max_retries` of the last realtime server, which bounds failures in a row even
    /// while no server is open.
    private var serverMaxRetries: Int?
    private var failures = 0

    init(stream: EventStream) {
        self.manager = stream.manager
        self.mode = stream.mode
        self.configuration = stream.configuration
        self.recent = RecentEventIds(capacity: stream.configuration.deduplicationWindow)
        switch stream.start {
        case .now:
            position = nil
        case .position(let value):
            position = value
        case .checkpoint(let checkpoint):
            position = checkpoint.streamPosition
            chunkStart = checkpoint.streamPosition
            chunkHandled = checkpoint.handledEventIds
            for id in checkpoint.handledEventIds { recent.insert(id) }
        }
    }

    mutating func next() async throws -> StreamedEvent? {
        while true {
            try Task.checkCancellation()
            if let streamed = takePending() { return streamed }
            do {
                try await advance()
            } catch {
                try await recover(from: error)
            }
        }
    }

    // MARK: - Yielding

    /// The next buffered event not seen before, with its checkpoint.
    private mutating func takePending() -> StreamedEvent? {
        while let event = pending.popFirst() {
            guard recent.insert(event.eventId) else { continue }
            chunkHandled.append(event.eventId)
            let checkpoint: EventStreamCheckpoint
            if pending.isEmpty, let position {
                // The chunk is done: the next position alone says where to go on.
                checkpoint = EventStreamCheckpoint(streamPosition: position)
            } else {
                checkpoint = EventStreamCheckpoint(streamPosition: chunkStart ?? position ?? "0", handledEventIds: chunkHandled)
            }
            return StreamedEvent(event: event, checkpoint: checkpoint)
        }
        return nil
    }

    // MARK: - Reading and waiting

    /// One step: resolve `now`, read a chunk, or wait for news.
    private mutating func advance() async throws {
        guard let current = position else {
            position = try await manager.getEvents(queryParams: query(position: "now")).nextStreamPosition
            return
        }
        if needsRead {
            let chunk = try await manager.getEvents(queryParams: query(position: current))
            if current != chunkStart { chunkHandled = [] }
            chunkStart = current
            position = chunk.nextStreamPosition
            if chunk.entries.isEmpty {
                needsRead = false
            } else {
                pending = chunk.entries[...]
            }
            return
        }
        switch mode {
        case .polling(_, let interval, _):
            // Caught up: the reads worked, whatever failed before.
            failures = 0
            try await Task.sleep(for: interval)
            needsRead = true
        case .longPoll:
            try await poll(from: current)
        }
    }

    private func query(position: String) -> GetEventsQueryParams {
        switch mode {
        case .longPoll(let type):
            return GetEventsQueryParams(
                streamType: GetEventsQueryParamsStreamType(rawValue: type.rawValue), streamPosition: position,
                limit: Int64(Swift.min(Swift.max(configuration.chunkSize, 1), 500)))
        case .polling(let type, _, let eventTypes):
            return GetEventsQueryParams(
                streamType: GetEventsQueryParamsStreamType(rawValue: type.rawValue), streamPosition: position,
                limit: Int64(Swift.min(Swift.max(configuration.chunkSize, 1), 500)), eventType: eventTypes)
        }
    }

    /// Waits on the realtime server until it says the stream moved past `current`.
    private mutating func poll(from current: String) async throws {
        if realtime?.isUsable != true {
            realtime = try await RealtimeSession.open(manager: manager, configuration: configuration)
            serverMaxRetries = realtime?.maxRetries ?? serverMaxRetries
        }
        guard var session = realtime else { return }
        let message = try await session.poll(from: current, executor: manager.executor)
        realtime = session
        switch message {
        case "new_change":
            failures = 0
            needsRead = true
        case "reconnect":
            // Nothing new within the server's wait; a read costs little and closes any gap
            // a lost notification could leave.
            failures = 0
            needsRead = true
        default:
            throw EventStreamFailure.unexpectedMessage
        }
    }

    // MARK: - Failures

    private mutating func recover(from error: any Error) async throws {
        if error is CancellationError || Task.isCancelled { throw CancellationError() }
        if let apiError = error as? APIError, Self.isPermanent(apiError) {
            throw error
        }
        failures += 1
        // A new realtime server after any failure: the old one may be the broken part.
        let limit = configuration.maxConsecutiveFailures ?? serverMaxRetries ?? 10
        realtime = nil
        needsRead = true
        if failures > Swift.max(limit, 0) {
            throw EventStreamError(consecutiveFailures: failures, lastError: (error as? RealtimeFailure)?.underlying ?? error)
        }
        try await Task.sleep(for: backoff(afterFailure: failures))
    }

    /// Exponential backoff with jitter between half and all of the computed delay.
    private func backoff(afterFailure count: Int) -> Duration {
        let initial = Self.seconds(configuration.initialBackoff)
        let computed = Swift.min(initial * pow(2, Double(Swift.min(count - 1, 30))), Self.seconds(configuration.maximumBackoff))
        return .seconds(computed * Double.random(in: 0.5...1))
    }

    /// A client error other than throttling or a timeout: retrying gives the same answer.
    private static func isPermanent(_ error: APIError) -> Bool {
        (400..<500).contains(error.status) && error.status != 408 && error.status != 429
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// A realtime server from `OPTIONS /events` and how much of it is used up.
struct RealtimeSession {
    let url: URL
    let maxRetries: Int?
    let expiresAt: ContinuousClock.Instant
    let pollTimeout: Duration
    private(set) var pollsLeft: Int

    /// Whether the server may still be polled (within its `ttl` and `max_retries`).
    var isUsable: Bool { pollsLeft > 0 && ContinuousClock.now < expiresAt }

    static func open(manager: EventsManager, configuration: EventStream.Configuration) async throws -> RealtimeSession {
        // The server's `ttl` runs from when it made the URL, which is after this: counting
        // from here retires the URL a little early rather than polling it once expired. A
        // fifth of the ttl (at most a minute) is kept back as well, so a poll sent just before
        // the end does not reach the server after it.
        let asked = ContinuousClock.now
        let servers: RealtimeServers
        do {
            servers = try await manager.getEventsWithLongPolling()
        } catch let error as APIError {
            // Asking for a server is part of reconnecting: worth retrying whatever it said.
            throw RealtimeFailure(underlying: error)
        }
        guard let server = servers.entries.first, let url = URL(string: server.url) else {
            throw EventStreamFailure.noRealtimeServer
        }
        let maxRetries = server.maxRetries.flatMap { Int($0) }
        let ttlMinutes = server.ttl.flatMap { Double($0) } ?? 10
        let ttl = Duration.seconds(Swift.max(0, ttlMinutes) * 60)
        let usable = ttl - Swift.min(ttl / 5, .seconds(60))
        let timeout = server.retryTimeout.map { Duration.seconds($0) } ?? configuration.defaultPollTimeout
        return RealtimeSession(
            url: url, maxRetries: maxRetries, expiresAt: asked + usable, pollTimeout: timeout,
            pollsLeft: Swift.max(maxRetries ?? 10, 1))
    }

    /// One long-poll from `position`: the server's message, or a failure when it does not
    /// answer within its `retry_timeout`.
    mutating func poll(from position: String, executor: any RequestExecutor) async throws -> String {
        pollsLeft -= 1
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw EventStreamFailure.noRealtimeServer
        }
        var items = (components.queryItems ?? []).filter { $0.name != "stream_position" }
        items.append(URLQueryItem(name: "stream_position", value: position))
        components.queryItems = items
        guard let pollURL = components.url else { throw EventStreamFailure.noRealtimeServer }
        var description = RequestDescription(
            operationId: "realtimeLongPoll", method: .get, server: .api, pathTemplate: "/", requiresAuthentication: false)
        description.absoluteURL = pollURL
        let request = description
        let timeout = pollTimeout
        do {
            return try await withThrowingTaskGroup(of: String?.self) { group in
                group.addTask { try await executor.json(request, as: RealtimeMessage.self).message }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let message = first else {
                    throw EventStreamFailure.pollTimedOut
                }
                return message
            }
        } catch let error as APIError {
            throw RealtimeFailure(underlying: error)
        }
    }
}

/// What a realtime server answers.
private struct RealtimeMessage: Decodable {
    let message: String
}

/// Failures of the stream's own making, retried like network errors.
enum EventStreamFailure: Error, Sendable {
    case unexpectedMessage
    case noRealtimeServer
    case pollTimedOut
}

/// An error answer from the realtime side, which a new server may not give.
struct RealtimeFailure: Error, Sendable {
    let underlying: APIError
}

/// The most recent `event_id`s, up to a capacity, oldest forgotten first.
struct RecentEventIds {
    private let capacity: Int
    private var members: Set<String> = []
    private var order: [String] = []
    private var oldest = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
    }

    /// Adds `id`; `false` when it was already there.
    @discardableResult
    mutating func insert(_ id: String) -> Bool {
        guard members.insert(id).inserted else { return false }
        if order.count < capacity {
            order.append(id)
        } else {
            members.remove(order[oldest])
            order[oldest] = id
            oldest = (oldest + 1) % capacity
        }
        return true
    }
}
