import BoxLikeJSON
import Foundation
import Hummingbird
import ServiceLifecycle

/// `GET /2.0/events`: the user's event stream (or, for admins, the enterprise's admin logs),
/// positions are opaque decimal strings; `OPTIONS /2.0/events`: the realtime server to
/// long-poll; `GET /realtime/subscribe`: that long-poll.
struct EventsRoutes: ServerArea, EventsOperations {
    let services: ServerServices


    /// The realtime path; not under `/2.0`, so it needs no bearer token (the channel in its
    /// URL is the capability, as with Box's realtime servers).
    static let realtimePath = "/realtime/subscribe"

    /// A duration as Box's `ttl` text: whole minutes ("10"), or a decimal fraction of a
    /// minute for a shorter one.
    static func minutes(_ duration: Duration) -> String {
        let seconds = ServerState.seconds(duration)
        if seconds.truncatingRemainder(dividingBy: 60) == 0 { return String(Int(seconds / 60)) }
        return String(format: "%.6f", seconds / 60)
    }

    func getEvents(_ input: OperationInput) async throws -> Response {
        let query = input.query
        let limit = min(max(Int(query["limit"] ?? "") ?? 100, 1), 500)
        let streamType = query["stream_type"] ?? "all"
        let isAdminLog = streamType == "admin_logs" || streamType == "admin_logs_streaming"
        // Admins read the admin logs, and so does the service account of an app that acts
        // for the enterprise (CCG or JWT with an enterprise subject), as in Box.
        if isAdminLog, try await !AccessPolicy.isEnterpriseAdmin(state.user(input.principal.userId)) {
            throw ServerErrorResponse.forbidden("Only enterprise admins may read the admin logs.")
        }
        if isAdminLog, input.principal.restrictedTo != nil {
            throw ServerErrorResponse.forbidden("The access token is restricted to one item.", code: "access_denied_insufficient_permissions")
        }
        // Box sends the position of a user event stream as a number and the admin logs' as a
        // string; both come back as the `stream_position` text.
        func positionValue(_ position: Int) -> JSONValue { isAdminLog ? .string(String(position)) : .int(position) }
        let positionText = query["stream_position"] ?? "0"
        if positionText == "now" {
            let now = await state.currentStreamPosition
            return Responses.json(["chunk_size": 0, "next_stream_position": positionValue(now), "entries": []])
        }
        guard let position = Int(positionText) else { throw ServerErrorResponse.badRequest("stream_position must be 'now' or a number") }
        let rendered: [JSONValue]
        let next: Int
        if isAdminLog {
            let types = query["event_type"].map { Set($0.split(separator: ",").map(String.init)) }
            func date(_ name: String) throws -> Date? {
                guard let text = query[name] else { return nil }
                guard let date = Timestamp.parse(text) else { throw ServerErrorResponse.badRequest("\(name) must be an RFC 3339 timestamp") }
                return date
            }
            let (createdAfter, createdBefore) = (try date("created_after"), try date("created_before"))
            let (views, after) = await state.readAdminEvents(
                after: position, limit: limit, types: types, createdAfter: createdAfter, createdBefore: createdBefore)
            (rendered, next) = (views.map(EventRepresentation.render), after)
        } else {
            // One visit to the state for the whole chunk, so busy writers cannot slow a read
            // down event by event.
            let (views, after) = await state.readEvents(for: input.principal.userId, restrictedTo: input.principal.restrictedTo,
                                                         after: position, limit: limit)
            (rendered, next) = (views.map(EventRepresentation.render), after)
        }
        return Responses.json([
            "chunk_size": .int(rendered.count), "next_stream_position": positionValue(next), "entries": .array(rendered),
        ])
    }

    func getEventsWithLongPolling(_ input: OperationInput) async throws -> Response {
        let configuration = services.configuration
        // A realtime channel wakes on any change the user can see: a token restricted to
        // one item reads its events with `GET /events` instead.
        if input.principal.restrictedTo != nil {
            throw ServerErrorResponse.forbidden("The access token is restricted to one item; it has no realtime channel.",
                                                code: "access_denied_insufficient_permissions")
        }
        let streamType = input.query["stream_type"] ?? "all"
        let channel = await state.openRealtimeChannel(for: input.principal.userId)
        let origin = await state.origin
        var components = URLComponents(string: origin + Self.realtimePath)
        components?.queryItems = [URLQueryItem(name: "channel", value: channel), URLQueryItem(name: "stream_type", value: streamType)]
        if let host = configuration.realtimeHostName { components?.host = host }
        // Like Box's 610 for a 600-second hold: a little longer than the hold.
        let retryTimeout = configuration.realtimeRetryTimeoutSeconds ?? Int(configuration.realtimeHoldTime.components.seconds) + 10
        return Responses.json([
            "chunk_size": 1,
            "entries": [[
                "type": "realtime_server", "url": .string(components?.string ?? ""),
                "ttl": .string(Self.minutes(configuration.realtimeTTL)),
                "max_retries": .string(String(configuration.realtimeMaxRetries)),
                "retry_timeout": .int(retryTimeout),
            ]],
        ])
    }

    /// Registers the pages this area serves outside the API (no bearer token).
    func registerPages(on router: BoxRouter) {
        let configuration = services.configuration
        router.get("/realtime/subscribe") { request, _ in
            let query = request.query
            guard let channel = query["channel"], let userId = await state.realtimeUser(channel: channel) else {
                throw ServerErrorResponse(.unauthorized, code: "invalid_channel", message: "The realtime channel is unknown or expired.")
            }
            let positionText = query["stream_position"] ?? "now"
            let position: Int
            if positionText == "now" {
                position = await state.currentStreamPosition
            } else if let number = Int(positionText) {
                position = number
            } else {
                throw ServerErrorResponse.badRequest("stream_position must be 'now' or a number")
            }
            // The wait ends when the client goes away: a cancelled stream closes its
            // connection, and holding the poll on would keep a waiter for nobody.
            let changed: Bool
            do {
                changed = try await request.body.consumeWithCancellationOnInboundClose { _ in
                    // A server shutting down answers held polls at once (`reconnect`), so the
                    // shutdown does not wait out the hold.
                    await withGracefulShutdownHandler {
                        await state.waitForChange(userId: userId, after: position, timeout: configuration.realtimeHoldTime)
                    } onGracefulShutdown: {
                        Task { await state.releaseRealtimeWaiters() }
                    }
                }
            } catch is CancellationError {
                changed = false
            }
            // Watching for the close consumes the connection's inbound side, so it cannot
            // carry another request: say so, or a client could reuse it and fail.
            return Responses.json(["message": .string(changed ? "new_change" : "reconnect")], headers: [.connection: "close"])
        }
    }
}
