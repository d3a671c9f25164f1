import BoxLikeRuntime
import Foundation

/// One iteration of an ``EventStream``: carries out what its ``EventStreamStateMachine``
/// decides (reads, realtime servers, polls, waits) and reports back what happened.
///
/// Time comes from the manager's pipeline (its `ExecutorClock`): the realtime server's `ttl`,
/// backoff, the poll timeout and the admin-log interval, so a test that moves the session's
/// clock moves the stream's time with it.
struct EventStreamReader {
    private let manager: EventsManager
    private let mode: EventStream.Mode
    private let configuration: EventStream.Configuration
    private var machine: EventStreamStateMachine
    private var clock: ExecutorClock { manager.executor.clock }

    init(stream: EventStream) {
        self.manager = stream.manager
        self.mode = stream.mode
        self.configuration = stream.configuration
        let waiting: EventStreamStateMachine.Waiting
        switch stream.mode {
        case .longPoll: waiting = .longPoll
        case .polling(_, let interval, _): waiting = .interval(interval)
        }
        self.machine = EventStreamStateMachine(waiting: waiting, start: stream.start, configuration: stream.configuration)
    }

    /// Where the stream goes on after `chunk`: Box describes `next_stream_position` as optional,
    /// but a stream cannot continue from an answer that has none.
    static func nextPosition(of chunk: Events) throws -> String {
        guard let position = chunk.nextStreamPosition else {
            throw BoxSDKError(.invalidResponse, "The events answer has no next_stream_position; the stream cannot go on from it.")
        }
        return position.streamPosition
    }

    mutating func next() async throws -> StreamedEvent? {
        while true {
            try Task.checkCancellation()
            do {
                switch machine.nextAction(now: clock.instant()) {
                case .yield(let streamed):
                    return streamed
                case .resolveNow:
                    machine.didResolve(position: try Self.nextPosition(of: await manager.getEvents(queryParams: query(position: "now"))))
                case .read(let position):
                    let chunk = try await manager.getEvents(queryParams: query(position: position))
                    machine.didRead(chunk.entries ?? [], nextPosition: try Self.nextPosition(of: chunk))
                case .openRealtimeServer:
                    let asked = clock.instant()
                    let servers: RealtimeServers
                    do {
                        servers = try await manager.getEventsWithLongPolling()
                    } catch let error as APIError {
                        // Asking for a server is part of reconnecting: worth retrying whatever it said.
                        throw RealtimeFailure(underlying: error)
                    }
                    try machine.didOpen(servers.entries?.first, askedAt: asked)
                case .poll(let url, let position, let timeout):
                    try machine.didPoll(message: try await Self.poll(url, from: position, timeout: timeout,
                                                                     executor: manager.executor, clock: clock))
                case .waitForNextRead(let interval):
                    try await clock.sleep(interval)
                    machine.didWaitForNextRead()
                }
            } catch {
                if error is CancellationError || Task.isCancelled { throw CancellationError() }
                switch machine.didFail(error) {
                case .backoff(let delay):
                    try await clock.sleep(delay)
                case .stop(let error):
                    throw error
                }
            }
        }
    }

    private func query(position: String) -> GetEventsQueryParams {
        let limit = Int64(Swift.min(Swift.max(configuration.chunkSize, 1), 500))
        switch mode {
        case .longPoll(let type):
            return GetEventsQueryParams(
                streamType: GetEventsQueryParamsStreamTypeField(rawValue: type.rawValue), streamPosition: position, limit: limit)
        case .polling(let type, _, let eventTypes):
            return GetEventsQueryParams(
                streamType: GetEventsQueryParamsStreamTypeField(rawValue: type.rawValue), streamPosition: position,
                limit: limit, eventType: eventTypes?.map(GetEventsQueryParamsEventTypeField.init(rawValue:)))
        }
    }

    /// One long-poll of the realtime server at `url` from `position`: the server's message,
    /// or a failure when it does not answer within `timeout`.
    private static func poll(_ url: URL, from position: String, timeout: Duration,
                             executor: any RequestExecutor, clock: ExecutorClock) async throws -> String {
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
        do {
            return try await withThrowingTaskGroup(of: String?.self) { group in
                group.addTask { try await executor.json(request, as: RealtimeMessage.self).message }
                group.addTask {
                    try await clock.sleep(timeout)
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
