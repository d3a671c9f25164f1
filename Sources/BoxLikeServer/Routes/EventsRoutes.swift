import BoxLikeJSON
import Foundation
import Hummingbird
import ServiceLifecycle

/// `GET /2.0/events`: the user's event stream (or, for admins, the enterprise's admin logs),
/// positions are opaque decimal strings; `OPTIONS /2.0/events`: the realtime server to
/// long-poll; `GET /realtime/subscribe`: that long-poll.
struct EventsRoutes {
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

    func register(on router: BoxRouter) {
        let state = services.state
        let configuration = services.configuration
        router.get("/2.0/events") { request, context in
            let principal = try context.caller(requiring: Scope.read)
            let query = request.query
            let limit = min(max(Int(query["limit"] ?? "") ?? 100, 1), 500)
            let streamType = query["stream_type"] ?? "all"
            let isAdminLog = streamType == "admin_logs" || streamType == "admin_logs_streaming"
            if isAdminLog, try await state.user(principal.userId).role != .admin {
                throw ServerErrorResponse.forbidden("Only enterprise admins may read the admin logs.")
            }
            let positionText = query["stream_position"] ?? "0"
            if positionText == "now" {
                let now = await state.currentStreamPosition
                return Responses.json(["chunk_size": 0, "next_stream_position": .string(String(now)), "entries": []])
            }
            guard let position = Int(positionText) else { throw ServerErrorResponse.badRequest("stream_position must be 'now' or a number") }
            let types: Set<String>? = isAdminLog ? query["event_type"].map { Set($0.split(separator: ",").map(String.init)) } : nil
            let (events, next) = await state.events(
                for: isAdminLog ? nil : principal.userId, after: position, limit: limit, types: types)
            // One visit to the state for the whole chunk, so busy writers cannot slow a read
            // down event by event.
            let rendered = await state.renderEvents(events)
            return Responses.json([
                "chunk_size": .int(rendered.count), "next_stream_position": .string(String(next)), "entries": .array(rendered),
            ])
        }
        router.on("/2.0/events", method: .options) { request, context in
            let principal = try context.caller(requiring: Scope.read)
            let streamType = request.query["stream_type"] ?? "all"
            let channel = await state.openRealtimeChannel(for: principal.userId)
            let origin = await state.origin
            var components = URLComponents(string: origin + Self.realtimePath)
            components?.queryItems = [URLQueryItem(name: "channel", value: channel), URLQueryItem(name: "stream_type", value: streamType)]
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
