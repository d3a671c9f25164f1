import BoxLikeJSON
import Hummingbird

/// `GET /2.0/events`: the user's event stream, positions are opaque decimal strings.
struct EventsRoutes {
    let services: ServerServices

    func register(on router: BoxRouter) {
        let state = services.state
        router.get("/2.0/events") { request, context in
            let principal = try context.caller(requiring: Scope.read)
            let query = request.query
            let limit = min(max(Int(query["limit"] ?? "") ?? 100, 1), 500)
            let positionText = query["stream_position"] ?? "0"
            if positionText == "now" {
                let now = await state.currentStreamPosition
                return Responses.json(["chunk_size": 0, "next_stream_position": .string(String(now)), "entries": []])
            }
            guard let position = Int(positionText) else { throw ServerErrorResponse.badRequest("stream_position must be 'now' or a number") }
            let (events, next) = await state.events(for: principal.userId, after: position, limit: limit)
            var rendered: [JSONValue] = []
            for event in events { rendered.append(await state.renderEvent(event)) }
            return Responses.json([
                "chunk_size": .int(rendered.count), "next_stream_position": .string(String(next)), "entries": .array(rendered),
            ])
        }
    }
}
