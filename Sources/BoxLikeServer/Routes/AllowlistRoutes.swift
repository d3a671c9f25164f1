import BoxLikeJSON
import Hummingbird

/// `/2.0/collaboration_whitelist_entries...` and `/2.0/collaboration_whitelist_exempt_targets...`.
struct AllowlistRoutes {
    let services: ServerServices

    func register(on router: BoxRouter) {
        let state = services.state
        router.get("/2.0/collaboration_whitelist_entries") { request, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            let entries = try await state.allowlistEntries(principal: principal)
            var rendered: [JSONValue] = []
            for entry in entries { rendered.append(await state.renderAllowlistEntry(entry)) }
            return Responses.json(try Self.markerPage(rendered, query: request.query))
        }
        router.post("/2.0/collaboration_whitelist_entries") { request, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            let body = try await context.json(request)
            guard let domain = body["domain"]?.stringValue, let direction = body["direction"]?.stringValue else {
                throw ServerErrorResponse.badRequest("domain and direction are required")
            }
            let entry = try await state.addAllowlistEntry(domain: domain, direction: direction, principal: principal)
            return Responses.json(await state.renderAllowlistEntry(entry), status: .created)
        }
        router.get("/2.0/collaboration_whitelist_entries/:collaboration_whitelist_entry_id") { _, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            let entry = try await state.allowlistEntry(try context.pathParameter("collaboration_whitelist_entry_id"), principal: principal)
            return Responses.json(await state.renderAllowlistEntry(entry))
        }
        router.delete("/2.0/collaboration_whitelist_entries/:collaboration_whitelist_entry_id") { _, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            try await state.removeAllowlistEntry(try context.pathParameter("collaboration_whitelist_entry_id"), principal: principal)
            return Responses.empty()
        }
        router.get("/2.0/collaboration_whitelist_exempt_targets") { request, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            let exemptions = try await state.allowlistExemptions(principal: principal)
            var rendered: [JSONValue] = []
            for exemption in exemptions { rendered.append(await state.renderAllowlistExemption(exemption)) }
            return Responses.json(try Self.markerPage(rendered, query: request.query))
        }
        router.post("/2.0/collaboration_whitelist_exempt_targets") { request, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            guard let userId = try await context.json(request)["user"]?.idMember else { throw ServerErrorResponse.badRequest("user.id is required") }
            let exemption = try await state.exemptFromAllowlist(userId: userId, principal: principal)
            return Responses.json(await state.renderAllowlistExemption(exemption), status: .created)
        }
        router.get("/2.0/collaboration_whitelist_exempt_targets/:collaboration_whitelist_exempt_target_id") { _, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            let exemption = try await state.allowlistExemption(
                try context.pathParameter("collaboration_whitelist_exempt_target_id"), principal: principal)
            return Responses.json(await state.renderAllowlistExemption(exemption))
        }
        router.delete("/2.0/collaboration_whitelist_exempt_targets/:collaboration_whitelist_exempt_target_id") { _, context in
            let principal = try context.caller(requiring: Scope.anyToken)
            try await state.removeAllowlistExemption(try context.pathParameter("collaboration_whitelist_exempt_target_id"), principal: principal)
            return Responses.empty()
        }
    }

    /// One marker-paginated page of already rendered entries.
    static func markerPage(_ rendered: [JSONValue], query: [String: String]) throws -> JSONValue {
        let paging = try Paging(query: query, allowMarker: true)
        let window = paging.window(count: rendered.count)
        return [
            "limit": .int(paging.limit), "entries": .array(Array(rendered[window])),
            "next_marker": window.upperBound < rendered.count ? .string(Paging.marker(window.upperBound)) : .null,
        ]
    }
}
